import type { ConfigMapSpec, DecisionResourceSpec } from '../../scenario/appSetSchema';
import { JsonObject } from '../../util/json';
import { matchesRequirements, requirementsFromLabelSelector } from '../labelSelector';
import { GeneratorInputError } from './errors';

/*
 * The clusterDecisionResource generator (applicationset/generators/
 * duck_type.go): the ConfigMap named by `configMapRef` gives the
 * apiVersion, the resource (`kind`, plural), `statusListKey` (default
 * `clusters`) and `matchKey`; every listed resource's status list is
 * matched against the Argo CD clusters by name.
 */

export interface DuckTypeEnv {
  configMaps: ConfigMapSpec[];
  decisionResources: DecisionResourceSpec[];
}

function hasSelector(selector: JsonObject | undefined): boolean {
  return Boolean(selector && (selector.matchLabels || selector.matchExpressions));
}

export function clusterDecisionParams(
  spec: JsonObject,
  env: DuckTypeEnv,
  clusters: JsonObject[],
  goTemplate: boolean,
): JsonObject[] {
  const configMap = env.configMaps.find(c => c.name === spec.configMapRef);
  if (!configMap) {
    throw new GeneratorInputError(`error reading configMapRef: configmaps "${spec.configMapRef ?? ''}" not found`);
  }
  const apiVersion = configMap.data.apiVersion ?? '';
  const kind = configMap.data.kind ?? '';
  if (!kind || apiVersion.indexOf('/') < 1) {
    throw new GeneratorInputError('There is a problem with the apiVersion, kind or resourceName provided');
  }
  const name = typeof spec.name === 'string' ? spec.name : '';
  const selector: JsonObject | undefined = spec.labelSelector;
  if ((!name && !hasSelector(selector)) || (name && hasSelector(selector))) {
    throw new GeneratorInputError('There is a problem with the definition of the ClusterDecisionResource generator');
  }
  const requirements = name ? [] : requirementsFromLabelSelector(selector ?? {});
  const resources = env.decisionResources.filter(
    r =>
      r.apiVersion === apiVersion &&
      r.resource === kind &&
      (name ? r.metadata.name === name : matchesRequirements(requirements, r.metadata.labels ?? {})),
  );
  if (!resources.length) throw new GeneratorInputError('no clusterDecisionResources found');
  const statusListKey = configMap.data.statusListKey || 'clusters';
  const matchKey = configMap.data.matchKey ?? '';
  if (!matchKey) return [];

  const decisions: JsonObject[] = [];
  for (const resource of resources) {
    if (!resource.status || !Object.keys(resource.status).length) continue;
    const list = resource.status[statusListKey];
    if (Array.isArray(list)) decisions.push(...(list as JsonObject[]));
  }
  const out: JsonObject[] = [];
  for (const decision of decisions) {
    const match = decision?.[matchKey];
    if (typeof match !== 'string' || !match) continue;
    const cluster = clusters.find(c => c.name === match);
    if (!cluster) continue;
    const params: JsonObject = { name: cluster.name, server: cluster.server };
    for (const [key, value] of Object.entries(decision)) params[key] = String(value);
    // duck_type.go copies `values` as they are (no templating).
    for (const [key, value] of Object.entries((spec.values ?? {}) as Record<string, string>)) {
      if (goTemplate) params.values = { ...(params.values ?? {}), [key]: value };
      else params[`values.${key}`] = value;
    }
    out.push(params);
  }
  return out;
}
