import { useApi } from '@backstage/core-plugin-api';
import type { GitOpsApiSchemas } from '@gitops-suite/plugin-gitops-common';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../api';

/**
 * One agent as the backend describes it (its product, where it sits in its
 * control plane, its version), read once when a view of one of its
 * applications opens; `undefined` until read, or when it cannot be.
 */
export function useAgentInfo(
  agentId: string,
): GitOpsApiSchemas['Agent'] | undefined {
  const api = useApi(gitopsApiRef);
  const { value } = useAsync(async () => {
    const { items } = await api.getAgents();
    return items.find(agent => agent.id === agentId);
  }, [api, agentId]);
  return value;
}
