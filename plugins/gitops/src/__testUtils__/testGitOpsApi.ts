import {
  filterFleetApplications,
  type FleetApplicationFilter,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApi } from '../api';
import {
  devApp,
  entityApplications,
  resourceDiff,
  revisions,
} from './fixtures';
import {
  entityDeliveryMetrics,
  fleetDeliveryMetrics,
  promotionInsight,
} from './deliveryFixtures';

/**
 * `getFleetApplications` as the backend answers it over `items`: filtered
 * by the same rule, whole (every page read).
 */
export function fleetApplicationsOf(items: GitOpsApplication[]) {
  return async (filter: FleetApplicationFilter = {}) => {
    const selected = filterFleetApplications(items, filter);
    return {
      items: selected,
      errors: [],
      total: selected.length,
      truncated: false,
    };
  };
}

/**
 * `getFleetApplicationsPage` as the backend answers it over `items`:
 * filtered by the same rule, `limit` at a time in the order given, the
 * cursor an opaque position.
 */
export function fleetApplicationPagesOf(items: GitOpsApplication[]) {
  return async (
    filter: FleetApplicationFilter,
    page: { cursor?: string; limit: number },
  ) => {
    const selected = filterFleetApplications(items, filter);
    const start = page.cursor === undefined ? 0 : Number(page.cursor);
    const end = start + page.limit;
    const more = end < selected.length;
    return {
      items: selected.slice(start, end),
      errors: [],
      total: selected.length,
      truncated: more,
      ...(more && { nextCursor: String(end) }),
    };
  };
}

/**
 * A GitOpsApi answering with fixed data; each method can be replaced.
 * It stands for the backend boundary in component tests.
 */
export function testGitOpsApi(overrides: Partial<GitOpsApi> = {}): GitOpsApi {
  const operation = async () => ({ auditId: 'audit-1', application: devApp });
  const api: GitOpsApi = {
    getEntityDeliveryMetrics: async () => entityDeliveryMetrics,
    getFleetDeliveryMetrics: async () => fleetDeliveryMetrics,
    getEntityPromotion: async () => promotionInsight,
    getEntityPullRequests: async () => ({
      entityRef: 'component:default/payments',
      pullRequests: [],
      errors: [],
    }),
    mergeEntityPullRequest: async () => {
      throw new Error('no pull request to merge');
    },
    revertApplication: async () => {
      throw new Error('no revert in Git');
    },
    getEntityApplications: async () => entityApplications,
    getEntityApplicationSets: async () => ({
      items: [
        {
          agentId: 'dev-agent',
          name: 'payments',
          generators: [
            { kind: 'list', summary: '3 environments', elements: 3 },
          ],
          template: {
            repoURL: 'https://github.com/acme/payments-deploy',
            path: 'overlays/{{env}}',
          },
          applications: ['payments-dev', 'payments-prod'],
        },
      ],
      errors: [],
    }),
    getEntityEvents: async () => ({ audit: [], drift: [] }),
    getApplication: async ref =>
      entityApplications.environments
        .flatMap(group => group.applications)
        .find(app => app.name === ref.name) ?? devApp,
    getAgentPermissions: async () => ({
      identity: 'shared-credential',
      actions: {
        refresh: { allowed: true },
        sync: { allowed: true },
        rollback: { allowed: true },
        terminate: { allowed: true },
        action: { allowed: true },
      },
    }),
    terminateOperation: operation,
    updateSyncPolicy: operation,
    listResourceActions: async (_app, resource) =>
      resource.kind === 'Deployment'
        ? [
            { name: 'pause', disabled: false },
            { name: 'restart', disabled: false },
            { name: 'resume', disabled: true },
          ]
        : [],
    runResourceAction: operation,
    getResourceTree: async () => ({
      nodes: [
        {
          kind: 'Deployment',
          group: 'apps',
          name: 'payments',
          namespace: 'payments',
          parentRefs: [],
          health: { status: 'Healthy' },
          syncStatus: 'Synced',
        },
        {
          kind: 'ReplicaSet',
          group: 'apps',
          name: 'payments-5d8f',
          namespace: 'payments',
          parentRefs: [
            {
              kind: 'Deployment',
              group: 'apps',
              name: 'payments',
              namespace: 'payments',
            },
          ],
          health: { status: 'Healthy' },
        },
        {
          kind: 'Service',
          name: 'payments',
          namespace: 'payments',
          parentRefs: [],
          health: { status: 'Healthy' },
          syncStatus: 'OutOfSync',
        },
      ],
    }),
    getApplicationDiff: async () => [
      resourceDiff({
        targetState: { kind: 'Service', spec: { port: 8080 } },
        liveState: { kind: 'Service', spec: { port: 80 } },
      }),
      resourceDiff({
        kind: 'Deployment',
        group: 'apps',
        syncStatus: 'Synced',
        modified: false,
        targetState: { kind: 'Deployment' },
        liveState: { kind: 'Deployment' },
      }),
    ],
    getRevisionMetadata: async (_app, revision) => ({
      revision,
      author: 'Alice <alice@acme.com>',
      date: '2024-05-01T09:00:00Z',
      message: `Release ${revision.slice(0, 7)}`,
      signature: {
        state: revision === revisions.SHA_B ? 'signed' : 'unsigned',
        problems: [],
      },
    }),
    getSyncWindows: async () => [],
    getEntitySyncWindows: async () => ({ items: [], errors: [] }),
    getApplicationEvents: async () => ({ audit: [], drift: [] }),
    getResourceManifest: async (_app, resource) => ({
      resource,
      manifest: {
        apiVersion: 'apps/v1',
        kind: resource.kind,
        metadata: { name: resource.name, namespace: resource.namespace },
        spec: {
          replicas: 2,
          template: { spec: { containers: [{ name: 'payments' }] } },
        },
      },
      containers: ['payments', 'istio-proxy'],
    }),
    getResourceEvents: async (_app, resource) => [
      {
        type: 'Warning',
        reason: 'BackOff',
        message: 'Back-off restarting failed container payments',
        count: 7,
        firstSeen: '2024-05-01T09:01:00Z',
        lastSeen: '2024-05-01T09:30:00Z',
        source: 'kubelet',
        involvedObject: resource,
      },
      {
        type: 'Normal',
        reason: 'Scheduled',
        message: 'Successfully assigned payments/payments-5d8f-abcde',
        count: 1,
        firstSeen: '2024-05-01T09:00:00Z',
        lastSeen: '2024-05-01T09:00:00Z',
        source: 'default-scheduler',
        involvedObject: resource,
      },
    ],
    streamResourceLogs: async (_app, _resource, request, onLine) => {
      onLine({
        entry: {
          pod: 'payments-5d8f-abcde',
          container: request.container ?? 'payments',
          timestamp: '2024-05-01T09:00:01Z',
          content: 'Listening on :8080',
        },
      });
      onLine({ end: { lines: 1, bytes: 18 } });
    },
    refreshApplication: operation,
    syncApplication: operation,
    rollbackApplication: operation,
    deleteApplicationSet: async (agentId, name) => ({
      auditId: 'audit-2',
      applicationSet: {
        agentId,
        name,
        generators: [],
        template: {},
        applications: [],
      },
    }),
    getAgents: async () => ({ items: [], errors: [] }),
    getEnvironments: async () => [],
    getFleetSummary: async () => {
      throw new Error('getFleetSummary not set up');
    },
    getFleetApplications: fleetApplicationsOf([]),
    getFleetApplicationsPage: fleetApplicationPagesOf([]),
    getClusters: async () => ({ items: [], errors: [] }),
    getRepositories: async () => ({ items: [], errors: [] }),
    getAuditEvents: async () => [],
    getDriftEvents: async () => [],
  };
  return { ...api, ...overrides };
}
