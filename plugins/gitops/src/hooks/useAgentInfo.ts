import { useApi } from '@backstage/core-plugin-api';
import { olderArgoCdAgents } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApiSchemas } from '@gitops-suite/plugin-gitops-common';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../api';

/** One agent as the backend describes it, and what sets it apart. */
export interface AgentInfo {
  agent: GitOpsApiSchemas['Agent'];
  /** Set where it runs an older Argo CD release than other agents. */
  olderArgoCd?: string;
}

/**
 * One agent as the backend describes it (its product, where it sits in its
 * control plane, its releases), read once when a view of one of its
 * applications opens; `undefined` until read, or when it cannot be.
 */
export function useAgentInfo(agentId: string): AgentInfo | undefined {
  const api = useApi(gitopsApiRef);
  const { value } = useAsync(async () => {
    const { items } = await api.getAgents();
    const agent = items.find(candidate => candidate.id === agentId);
    if (!agent) return undefined;
    const older = olderArgoCdAgents(items.map(item => item.status));
    return { agent, olderArgoCd: older.get(agentId) };
  }, [api, agentId]);
  return value;
}
