import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { GitOpsProviderFactory } from '@gitops-suite/plugin-gitops-node';
import type { Sandbox } from '@gitops-suite/sandbox-agent';
import { ArgoCdProvider } from '../providers/argocd/ArgoCdProvider';
import { HarnessProvider } from '../providers/harness/HarnessProvider';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { sandboxAgentConfig } from './sandboxAgentConfig';

/**
 * The real providers (Argo CD and Harness schemes) of a sandbox's agents,
 * or of the `agentIds` among them.
 */
export function sandboxRegistry(
  sandbox: Sandbox,
  options: { agentIds?: string[] } = {},
): ProviderRegistry {
  return ProviderRegistry.create({
    agents: sandbox.agents
      .filter(agent => !options.agentIds || options.agentIds.includes(agent.id))
      .map(agent => {
        const raw = sandboxAgentConfig(agent);
        return { ...raw, config: new ConfigReader(raw) };
      }),
    environments: [],
    factories: new Map<string, GitOpsProviderFactory>([
      ['argocd', ArgoCdProvider.factory],
      ['harness', HarnessProvider.factory],
    ]),
    logger: mockServices.logger.mock(),
  });
}
