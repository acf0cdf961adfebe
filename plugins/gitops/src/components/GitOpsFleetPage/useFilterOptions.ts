import { useApi } from '@backstage/core-plugin-api';
import {
  HEALTH_STATUSES,
  SYNC_STATUSES,
} from '@gitops-suite/plugin-gitops-common';
import { useMemo } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { GitOpsAgent, gitopsApiRef } from '../../api';
import type { FleetFilterKey } from '../../hooks/useFleetFilters';

const distinct = (values: Array<string | undefined>) =>
  [...new Set(values.filter((v): v is string => Boolean(v)))].sort();

/** The values each fleet filter offers: agents, environments, regions, states. */
export function useFilterOptions(agents: GitOpsAgent[] = []) {
  const api = useApi(gitopsApiRef);
  const environments = useAsync(() => api.getEnvironments(), [api]);
  return useMemo<Record<FleetFilterKey, string[]>>(
    () => ({
      agent: distinct(agents.map(agent => agent.id)),
      environment: [...(environments.value ?? [])]
        .sort((a, b) => a.order - b.order)
        .map(environment => environment.name),
      region: distinct(agents.map(agent => agent.region)),
      health: [...HEALTH_STATUSES],
      sync: [...SYNC_STATUSES],
    }),
    [agents, environments.value],
  );
}
