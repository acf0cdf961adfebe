import { checkCreate, checkGenerate } from './serverChecks';

/* Create and Generate of server/applicationset/applicationset.go. */
describe('server checks', () => {
  const env = { namespace: 'argocd', applicationSetNamespaces: ['team-*'], projectExists: (p: string) => p === 'default' };
  const appSet = (extra: Record<string, any> = {}) => ({
    metadata: { name: 'a', ...(extra.metadata ?? {}) },
    spec: { generators: [{ list: { elements: [] } }], template: { spec: { project: 'default' } }, ...(extra.spec ?? {}) },
  });

  it('accepts a set in the control plane or an enabled namespace', () => {
    expect(() => checkCreate(appSet(), env)).not.toThrow();
    expect(() => checkGenerate(appSet({ metadata: { namespace: 'team-a' } }), env)).not.toThrow();
  });

  it('refuses a templated project, an unknown generator, a disabled namespace and a missing project', () => {
    expect(() => checkCreate(appSet({ spec: { template: { spec: { project: '{{p}}' } } } }), env)).toThrow(/templated `project` fields/);
    expect(() => checkCreate(appSet({ spec: { generators: [{ nope: {} }] } }), env)).toThrow(/contains unrecognized generators/);
    expect(() => checkCreate(appSet({ metadata: { namespace: 'kube-system' } }), env)).toThrow("namespace 'kube-system' is not permitted");
    expect(() => checkGenerate(appSet({ spec: { template: { spec: { project: 'x' } } } }), env)).toThrow(
      expect.objectContaining({ code: 3, message: expect.stringContaining('ApplicationSet references project x which does not exist') }),
    );
  });
});
