import { ConflictError } from '@backstage/errors';
import { GitOpsProviderFactory } from '@gitops-suite/plugin-gitops-node';
import { ArgoCdProvider } from './argocd/ArgoCdProvider';
import { HarnessProvider } from './harness/HarnessProvider';
import { createProviderFactories } from './providerFactories';

const fluxFactory: GitOpsProviderFactory = () => {
  throw new Error('not called here');
};

describe('createProviderFactories', () => {
  it('starts with the built-in kinds', () => {
    const { factories } = createProviderFactories();
    expect(factories.get('argocd')).toBe(ArgoCdProvider.factory);
    expect(factories.get('harness')).toBe(HarnessProvider.factory);
  });

  it("adds a module's kind once, and refuses a second factory for it", () => {
    const { factories, extensionPoint } = createProviderFactories();
    extensionPoint.addProviderFactory('flux', fluxFactory);
    expect(factories.get('flux')).toBe(fluxFactory);
    expect(() =>
      extensionPoint.addProviderFactory('flux', fluxFactory),
    ).toThrow(
      new ConflictError(
        "A GitOps provider for kind 'flux' is already registered",
      ),
    );
  });

  it('lets a module replace a built-in kind', () => {
    const { factories, extensionPoint } = createProviderFactories();
    extensionPoint.addProviderFactory('argocd', fluxFactory);
    expect(factories.get('argocd')).toBe(fluxFactory);
  });
});
