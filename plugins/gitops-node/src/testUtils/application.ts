import {
  applicationKey,
  GITOPS_LABEL_ENVIRONMENT,
  GITOPS_LABEL_SERVICE,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';

/**
 * A valid normalized application for tests, with what a provider would
 * derive filled in: its key from its agent, namespace and name; its
 * service and environment from the suite's `gitops/service` and
 * `gitops/environment` labels (environment `unknown` without one, as a
 * provider resolves an application no environment matches); one Git source
 * at `HEAD`; Synced and Healthy; manual sync. Every field can be overridden.
 *
 * @example
 * ```ts
 * application({ name: 'payments-dev', labels: { 'gitops/service': 'payments' } })
 * ```
 * @public
 */
export function application(
  overrides: Partial<GitOpsApplication> & { name: string },
): GitOpsApplication {
  const agentId = overrides.agentId ?? 'memory';
  const labels = overrides.labels ?? {};
  const service = overrides.service ?? labels[GITOPS_LABEL_SERVICE];
  return {
    key: applicationKey(agentId, overrides.namespace, overrides.name),
    agentId,
    agentKind: 'memory',
    project: 'default',
    labels,
    annotations: {},
    sources: [
      {
        repoURL: 'https://git.example.com/deployments.git',
        path: overrides.name,
        targetRevision: 'HEAD',
        type: 'directory',
      },
    ],
    multiSource: false,
    destination: {
      server: 'https://kubernetes.default.svc',
      namespace: overrides.name,
    },
    environment: labels[GITOPS_LABEL_ENVIRONMENT] ?? 'unknown',
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
    ...(service !== undefined && { service }),
    ...overrides,
  };
}
