import { useApi } from '@backstage/core-plugin-api';
import { olderArgoCdAgents } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApiSchemas } from '@gitops-suite/plugin-gitops-common';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef, type GitOpsApi } from '../api';
import { sharedRead } from '../lib/sharedRead';

/** One agent as the backend describes it, and what sets it apart. */
export interface AgentInfo {
  agent: GitOpsApiSchemas['Agent'];
  /** Set where it runs an older Argo CD release than other agents. */
  olderArgoCd?: string;
}

/**
 * How long one read of the agent list serves the drawers that open after
 * it: an agent's product, scope and releases change with an upgrade, not
 * between two clicks.
 */
export const AGENT_LIST_REUSE_MS = 60_000;

/** The agent list, read at most once a minute per API client. */
const sharedAgentList = sharedRead(AGENT_LIST_REUSE_MS, (api: GitOpsApi) =>
  api.getAgents(),
);

/**
 * One agent as the backend describes it (its product, where it sits in its
 * control plane, its releases), read when a view of one of its
 * applications opens, from one agent list shared by the views opened
 * within a minute; `undefined` until read, or when it cannot be.
 */
export function useAgentInfo(agentId: string): AgentInfo | undefined {
  const api = useApi(gitopsApiRef);
  const { value } = useAsync(async () => {
    const { items } = await sharedAgentList(api, 'agents');
    const agent = items.find(candidate => candidate.id === agentId);
    if (!agent) return undefined;
    const older = olderArgoCdAgents(items.map(item => item.status));
    return { agent, olderArgoCd: older.get(agentId) };
  }, [api, agentId]);
  return value;
}
