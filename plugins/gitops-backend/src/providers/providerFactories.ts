import { ConflictError } from '@backstage/errors';
import {
  GitOpsProviderFactory,
  GitOpsProvidersExtensionPoint,
} from '@gitops-suite/plugin-gitops-node';
import { ArgoCdProvider } from './argocd/ArgoCdProvider';
import { HarnessProvider } from './harness/HarnessProvider';

/** The kinds the plugin brings; a module may replace their factories. */
const BUILT_IN: Record<string, GitOpsProviderFactory> = {
  argocd: ArgoCdProvider.factory,
  harness: HarnessProvider.factory,
};

/**
 * The provider factory of each kind: the built-in ones, and those modules
 * add through the `gitops.providers` extension point (one per kind).
 */
export function createProviderFactories(): {
  factories: Map<string, GitOpsProviderFactory>;
  extensionPoint: GitOpsProvidersExtensionPoint;
} {
  const factories = new Map(Object.entries(BUILT_IN));
  return {
    factories,
    extensionPoint: {
      addProviderFactory(kind, factory) {
        if (factories.has(kind) && !Object.hasOwn(BUILT_IN, kind)) {
          throw new ConflictError(
            `A GitOps provider for kind '${kind}' is already registered`,
          );
        }
        factories.set(kind, factory);
      },
    },
  };
}
