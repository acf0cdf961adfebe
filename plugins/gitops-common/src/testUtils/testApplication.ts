import type {
  GitOpsApplication,
  HealthStatusCode,
  SyncStatusCode,
} from '../types';
import { applicationKey } from '../util/applicationKey';

/**
 * A minimal application for tests.
 * @internal
 */
export function testApplication(
  overrides: Partial<GitOpsApplication> = {},
): GitOpsApplication {
  const agentId = overrides.agentId ?? 'dev';
  const name = overrides.name ?? 'web';
  return {
    key: applicationKey(agentId, overrides.namespace, name),
    agentId,
    agentKind: 'argocd',
    name,
    project: 'default',
    labels: {},
    annotations: {},
    sources: [],
    multiSource: false,
    destination: {},
    environment: 'dev',
    sync: { status: 'Synced' },
    health: { status: 'Healthy' },
    history: [],
    images: [],
    syncPolicy: {
      automated: false,
      prune: false,
      selfHeal: false,
      syncOptions: [],
    },
    ...overrides,
  };
}

/**
 * A fleet for tests, one application per row: its name, agent,
 * environment, sync and health status, and what else it overrides.
 * @internal
 */
export function testFleet(
  rows: Array<
    [
      name: string,
      agentId: string,
      environment: string,
      sync: SyncStatusCode,
      health: HealthStatusCode,
      extra?: Partial<GitOpsApplication>,
    ]
  >,
): GitOpsApplication[] {
  return rows.map(([name, agentId, environment, sync, health, extra]) =>
    testApplication({
      name,
      agentId,
      environment,
      sync: { status: sync },
      health: { status: health },
      ...extra,
    }),
  );
}
