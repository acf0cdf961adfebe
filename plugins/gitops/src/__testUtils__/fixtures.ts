import type {
  EntityApplicationsResponse,
  GitOpsApplication,
  ResourceDiff,
} from '@gitops-suite/plugin-gitops-common';
import type { Entity } from '@backstage/catalog-model';
import { serviceComponent } from './catalog';

const SHA_A = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const SHA_B = 'b2c3d4e5f60718293a4b5c6d7e8f901234567890';

export const revisions = { SHA_A, SHA_B };

export const entity: Entity = serviceComponent('payments', {
  annotations: { 'gitops/service': 'payments' },
});

export const entityRef = 'component:default/payments';

export const unannotatedEntity: Entity = {
  ...entity,
  metadata: { name: 'plain', namespace: 'default' },
};

export function application(
  overrides: Partial<GitOpsApplication> = {},
): GitOpsApplication {
  const agentId = overrides.agentId ?? 'dev-agent';
  const name = overrides.name ?? 'payments-dev';
  return {
    key: `${agentId}:argocd/${name}`,
    agentId,
    agentKind: 'argocd',
    name,
    namespace: 'argocd',
    project: 'payments',
    // the service comes from this label, as the providers normalize it
    labels: { 'gitops/service': overrides.service ?? 'payments' },
    annotations: {},
    sources: [
      {
        repoURL: 'https://github.com/acme/payments-deploy',
        path: 'overlays/dev',
        targetRevision: 'HEAD',
        type: 'kustomize',
      },
    ],
    multiSource: false,
    destination: { name: 'dev-cluster', namespace: 'payments' },
    clusterName: 'dev-cluster',
    environment: 'dev',
    service: 'payments',
    sync: { status: 'Synced', revision: SHA_B },
    health: { status: 'Healthy' },
    history: [
      {
        id: 1,
        revision: SHA_A,
        deployedAt: '2024-04-30T10:00:00Z',
        initiatedBy: 'alice',
      },
      {
        id: 2,
        revision: SHA_B,
        deployedAt: '2024-05-01T10:00:00Z',
        initiatedBy: 'automated',
      },
    ],
    images: ['ghcr.io/acme/payments:1.4.2'],
    syncPolicy: {
      automated: true,
      prune: true,
      selfHeal: false,
      syncOptions: [],
    },
    lastSyncedAt: '2024-05-01T10:00:00Z',
    uiUrl: 'https://argocd.example.com/applications/argocd/payments-dev',
    ...overrides,
  };
}

export const devApp = application();

export const prodApp = application({
  agentId: 'prod-agent',
  name: 'payments-prod',
  environment: 'prod',
  clusterName: 'prod-cluster',
  destination: { name: 'prod-cluster', namespace: 'payments' },
  sync: { status: 'OutOfSync', revision: SHA_A },
  health: { status: 'Degraded', message: 'Deployment has 0/3 ready replicas' },
  history: [
    {
      id: 7,
      revision: SHA_A,
      deployedAt: '2024-04-30T12:00:00Z',
      initiatedBy: 'bob',
    },
  ],
  images: ['ghcr.io/acme/payments:1.4.1'],
  syncPolicy: {
    automated: false,
    prune: false,
    selfHeal: false,
    syncOptions: [],
  },
  uiUrl: 'https://argocd-prod.example.com/applications/argocd/payments-prod',
});

export const entityApplications: EntityApplicationsResponse = {
  entityRef,
  environments: [
    {
      name: 'dev',
      title: 'Development',
      order: 0,
      production: false,
      applications: [devApp],
    },
    { name: 'qa', title: 'QA', order: 1, production: false, applications: [] },
    {
      name: 'prod',
      title: 'Production',
      order: 2,
      production: true,
      applications: [prodApp],
    },
  ],
  errors: [],
};

/**
 * The entity's applications while `agentId` does not answer (`message`);
 * with `feed`, its applications are shown from the last state that feed
 * read.
 */
export function entityApplicationsWithout(
  agentId: string,
  message: string,
  feed?: 'watch' | 'poll',
): EntityApplicationsResponse {
  return {
    ...entityApplications,
    errors: [{ agentId, code: 'unreachable', message }],
    ...(feed && {
      freshness: [
        { agentId, syncedAt: '2024-05-01T12:00:00Z', stale: true, feed },
      ],
    }),
  };
}

/** One resource of an application's diff: by default payments' Service, changed. */
export function resourceDiff(
  overrides: Partial<ResourceDiff> = {},
): ResourceDiff {
  return {
    kind: 'Service',
    name: 'payments',
    namespace: 'payments',
    syncStatus: 'OutOfSync',
    modified: true,
    targetState: {},
    liveState: {},
    ...overrides,
  };
}
