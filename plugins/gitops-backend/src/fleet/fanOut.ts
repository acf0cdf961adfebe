import { AgentError } from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { toAgentError } from '../providers/http/toAgentError';

/**
 * Asks every given agent at once, each bounded by its own timeout, and
 * merges what they answered; one dead or slow agent becomes an entry in
 * `errors` and never blanks the rest.
 */
export async function fanOut<T>(
  providers: GitOpsProvider[],
  timeoutMs: (agentId: string) => number,
  call: (provider: GitOpsProvider, signal: AbortSignal) => Promise<T[]>,
): Promise<{ items: T[]; errors: AgentError[] }> {
  const settled = await Promise.all(
    providers.map(async provider => {
      const agentId = provider.agent.id;
      const limit = timeoutMs(agentId);
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(
            new GitOpsAgentError(
              agentId,
              'timeout',
              `Agent ${agentId} did not answer within ${limit} ms`,
            ),
          );
        }, limit);
      });
      try {
        const items = await Promise.race([
          call(provider, controller.signal),
          deadline,
        ]);
        return { items, error: undefined };
      } catch (error) {
        return { items: [] as T[], error: toAgentError(agentId, error) };
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return {
    items: settled.flatMap(s => s.items),
    errors: settled
      .map(s => s.error)
      .filter((e): e is AgentError => Boolean(e)),
  };
}
