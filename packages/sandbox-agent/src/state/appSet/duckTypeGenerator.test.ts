import { clusterDecisionParams } from './duckTypeGenerator';
import { GeneratorInputError } from './errors';

/* Behaviour of applicationset/generators/duck_type.go GenerateParams. */
describe('clusterDecisionParams', () => {
  const clusters = [
    { name: 'in-cluster', server: 'https://kubernetes.default.svc' },
    { name: 'east', server: 'https://east:6443' },
  ];
  const configMap = (data: Record<string, string>) => ({ name: 'placement', data });
  const resource = (status: Record<string, unknown>) => ({
    apiVersion: 'cluster.open-cluster-management.io/v1beta1',
    resource: 'placementdecisions',
    metadata: { name: 'd1', labels: { app: 'petstore' } },
    status,
  });
  const gvk = { apiVersion: 'cluster.open-cluster-management.io/v1beta1', kind: 'placementdecisions' };

  it('matches decisions to Argo CD clusters by matchKey and keeps the decision fields', () => {
    const env = {
      configMaps: [configMap({ ...gvk, statusListKey: 'decisions', matchKey: 'clusterName' })],
      decisionResources: [resource({ decisions: [{ clusterName: 'east', reason: 'r' }, { clusterName: 'gone' }] })],
    };
    const spec = { configMapRef: 'placement', labelSelector: { matchLabels: { app: 'petstore' } }, values: { tier: 'a' } };
    expect(clusterDecisionParams(spec, env, clusters, false)).toEqual([
      { name: 'east', server: 'https://east:6443', clusterName: 'east', reason: 'r', 'values.tier': 'a' },
    ]);
    expect(clusterDecisionParams(spec, env, clusters, true)[0].values).toEqual({ tier: 'a' });
  });

  it('reads the status list `clusters` by default and gives nothing without a matchKey', () => {
    const byDefault = {
      configMaps: [configMap({ ...gvk, matchKey: 'clusterName' })],
      decisionResources: [resource({ clusters: [{ clusterName: 'in-cluster' }] })],
    };
    expect(clusterDecisionParams({ configMapRef: 'placement', name: 'd1' }, byDefault, clusters, false)).toHaveLength(1);
    const noMatchKey = { ...byDefault, configMaps: [configMap(gvk)] };
    expect(clusterDecisionParams({ configMapRef: 'placement', name: 'd1' }, noMatchKey, clusters, false)).toEqual([]);
  });

  it('fails as Argo CD does on a missing ConfigMap, a bad selection or no resource', () => {
    const env = { configMaps: [configMap({ ...gvk, matchKey: 'clusterName' })], decisionResources: [] };
    expect(() => clusterDecisionParams({ configMapRef: 'nope', name: 'd1' }, env, clusters, false)).toThrow(
      'error reading configMapRef: configmaps "nope" not found',
    );
    expect(() => clusterDecisionParams({ configMapRef: 'placement' }, env, clusters, false)).toThrow(
      /problem with the definition of the ClusterDecisionResource generator/,
    );
    expect(() => clusterDecisionParams({ configMapRef: 'placement', name: 'd1' }, env, clusters, false)).toThrow(
      new GeneratorInputError('no clusterDecisionResources found'),
    );
  });
});
