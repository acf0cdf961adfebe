import type { GitOpsApplication } from '../types';
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
