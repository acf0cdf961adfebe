import { applicationInvalidError, metadataErrors } from './k8sValidation';

/* ValidateObjectMeta of the Kubernetes API server, as it applies to an Application. */
describe('metadataErrors', () => {
  it('accepts DNS-1123 subdomain names and qualified label and annotation keys', () => {
    expect(
      metadataErrors({
        name: 'web.prod-1',
        labels: { 'app.kubernetes.io/name': 'web', empty: '' },
        annotations: { 'argocd-image-updater.argoproj.io/storage.pull-secret': 'x' },
      }),
    ).toEqual([]);
  });

  it('names the invalid name, label value and key', () => {
    expect(metadataErrors({ name: 'vote-fix/button-15' })[0]).toMatch(/^metadata\.name: Invalid value: "vote-fix\/button-15": a lowercase RFC 1123 subdomain/);
    expect(metadataErrors({ name: 'Upper' })).toHaveLength(1);
    expect(metadataErrors({ name: 'ok', labels: { env: 'map[a:b]' } })[0]).toMatch(/^metadata\.labels: Invalid value: "map\[a:b\]"/);
    expect(metadataErrors({ name: 'ok', annotations: { 'a/b/c': 'x' } })[0]).toMatch(/^metadata\.annotations/);
    expect(applicationInvalidError({ metadata: { name: 'x_y' } })).toMatch(/^Application\.argoproj\.io "x_y" is invalid: /);
    expect(applicationInvalidError({ metadata: { name: 'x-y' } })).toBeUndefined();
  });
});
