import { NotImplementedError } from '@backstage/errors';
import {
  GitOpsProvider,
  GitOpsProviderCapabilities,
  GitOpsProviderCapability,
  hasProviderCapability,
} from '@gitops-suite/plugin-gitops-node';

/** What an agent without each capability cannot do, for its 501. */
const cannot: Record<GitOpsProviderCapability, string> = {
  serviceSelectors:
    'find applications by service beyond the gitops/service label',
  syncPolicy: 'change sync policies',
  terminate: 'terminate operations',
  resourceActions: 'run resource actions',
  applicationSets: 'generate or delete ApplicationSets',
  projects: 'read projects',
  resources: 'read resource manifests, events or logs',
  userIdentity: 'decide as the signed-in user',
  watch: 'stream application changes',
  applicationSetWatch: 'stream ApplicationSet changes',
};

/**
 * The provider as one with `capability`, or a 501 naming the agent and
 * what it cannot do (the registry refused providers with part of one).
 */
export function requireCapability<C extends GitOpsProviderCapability>(
  provider: GitOpsProvider,
  capability: C,
): GitOpsProvider & GitOpsProviderCapabilities[C] {
  if (!hasProviderCapability(provider, capability)) {
    throw new NotImplementedError(
      `Agent ${provider.agent.id} (${provider.agent.kind}) cannot ${cannot[capability]}`,
    );
  }
  return provider;
}
