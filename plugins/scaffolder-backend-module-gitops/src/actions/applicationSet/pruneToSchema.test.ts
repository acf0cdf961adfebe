import { parse as parseYaml } from 'yaml';
import { ApplicationSetSchemaValidator } from './ApplicationSetSchemaValidator';

/** An ApplicationSet named x with this YAML (indented two spaces) as its spec. */
const applicationSet = (specYaml: string) =>
  parseYaml(
    `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: { name: x }\nspec:${specYaml}`,
  );

describe('ApplicationSetSchemaValidator with API-server pruning', () => {
  const validator = ApplicationSetSchemaValidator.get();

  it('drops nulls of non-nullable fields and undeclared fields before validating', () => {
    const manifest = applicationSet(`
  generators:
    - git:
        repoURL: https://example.com/r.git
        revision: HEAD
        directories: [{ path: apps/* }]
      excludes: [{ path: apps/x }]
  template:
    metadata: { name: '{{path.basename}}' }
    spec:
      project: default
      source:
        repoURL: https://example.com/r.git
        path: '{{path}}'
        helm:
          valuesObject:
            # only comments
      destination: { server: https://kubernetes.default.svc, namespace: x }
`);
    expect(validator.errors(manifest)).toEqual([]);
    const pruned = validator.prune(manifest);
    expect(pruned.spec.generators[0].excludes).toBeUndefined();
    expect('valuesObject' in pruned.spec.template.spec.source.helm).toBe(false);
  });

  it('still names the failing field', () => {
    const errors = validator.errors({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'x' },
      spec: { generators: 'nope' },
    });
    expect(errors.join('\n')).toMatch(/\/spec\/generators/);
  });

  it('keeps a null item of a list, which fails as its type', () => {
    const manifest = applicationSet(`
  generators: [{ list: { elements: [{ env: dev }] } }]
  template:
    metadata: { name: '{{env}}' }
    spec:
      project: default
      source:
        repoURL: https://example.com/r.git
        path: app
        helm: { valueFiles: [values.yaml, null] }
      destination: { server: https://kubernetes.default.svc, namespace: x }
`);
    expect(validator.errors(manifest)).toEqual([
      '/spec/template/spec/source/helm/valueFiles/1: must be string',
    ]);
  });
});
