import { createExtensionPoint } from '@backstage/backend-plugin-api';
import type { GitOpsProviderFactory } from './GitOpsProviderFactory';

/**
 * Lets a backend module add a provider kind (Flux, say) to the `gitops`
 * plugin without touching it.
 * @public
 */
export interface GitOpsProvidersExtensionPoint {
  /** Registers the factory for agents configured with `kind: <kind>`. */
  addProviderFactory(kind: string, factory: GitOpsProviderFactory): void;
}

/**
 * The `gitops.providers` extension point.
 * @public
 */
export const gitopsProvidersExtensionPoint =
  createExtensionPoint<GitOpsProvidersExtensionPoint>({
    id: 'gitops.providers',
  });
