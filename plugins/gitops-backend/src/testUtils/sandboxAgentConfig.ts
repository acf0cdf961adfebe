import type { Sandbox } from '@gitops-suite/sandbox-agent';

/**
 * One sandbox agent as a `gitops.agents` config entry (Argo CD token, or
 * Harness API key and scope); `extra` overrides fields.
 * @public
 */
export function sandboxAgentConfig(
  agent: Sandbox['agents'][number],
  extra: Record<string, unknown> = {},
) {
  return {
    id: agent.id,
    kind: agent.kind as string,
    url: agent.url,
    timeoutMs: 5000,
    credentials: { token: agent.token },
    ...(agent.kind === 'harness' && {
      harness: {
        accountIdentifier: agent.accountIdentifier,
        orgIdentifier: agent.orgIdentifier,
        projectIdentifier: agent.projectIdentifier,
        agentIdentifier: agent.agentIdentifier,
      },
    }),
    ...extra,
  };
}

/**
 * The `gitops.agents` entries of every agent of a sandbox, reached through
 * `baseUrl` (a tap in front of the sandbox) with the given timeout.
 * @public
 */
export function sandboxAgentConfigs(
  sandbox: Sandbox,
  options: {
    baseUrl: string;
    timeoutMs: number;
    /** More fields of an agent's entry. */
    extra?: (agent: Sandbox['agents'][number]) => Record<string, unknown>;
  },
) {
  return sandbox.agents.map(agent =>
    sandboxAgentConfig(agent, {
      url: agent.url.replace(sandbox.baseUrl, options.baseUrl),
      timeoutMs: options.timeoutMs,
      ...options.extra?.(agent),
    }),
  );
}
