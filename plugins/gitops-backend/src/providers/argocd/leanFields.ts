import type { ArgoApplication } from './argoCdTypes';

/**
 * The application fields a list view needs, as Argo CD's `fields`
 * parameter selects them (its UI's `APP_FIELDS`), plus the last
 * operation's sync (revisions it deployed), which Argo CD's field map
 * selects too (`status.operationState.operation.sync`): without it a lean
 * read could not tell what an out-of-sync or multi-source application runs.
 * `status.sourceHydrator` is in that map too (Argo CD 3): a hydrated
 * application's dry and hydrated commits and its hydration come with every
 * change, with no read of the whole application.
 */
const APP_FIELDS = [
  'metadata.name',
  'metadata.namespace',
  'metadata.labels',
  'metadata.annotations',
  'spec',
  'status.sourceHydrator',
  'status.summary',
  'status.health',
  'status.sync.status',
  'status.sync.revision',
  'status.operationState.phase',
  'status.operationState.startedAt',
  'status.operationState.finishedAt',
  'status.operationState.operation.sync',
];

/** `fields` of the lean application list (prefix `items.`). */
export const LEAN_APPLICATION_FIELDS = [
  'metadata.resourceVersion',
  ...APP_FIELDS.map(field => `items.${field}`),
].join(',');

/** `fields` of the lean application watch (prefix `result.application.`). */
export const LEAN_APPLICATION_WATCH_FIELDS = [
  'result.type',
  ...APP_FIELDS.map(field => `result.application.${field}`),
].join(',');

/**
 * An Application cut to what the lean `fields` select, for agents whose
 * API has no `fields` parameter (Harness): every lean application looks
 * the same, whichever agent listed it.
 */
export function leanArgoApplication(app: ArgoApplication): ArgoApplication {
  const { metadata = {}, spec, status = {} } = app;
  const operation = status.operationState;
  return {
    metadata: {
      name: metadata.name,
      namespace: metadata.namespace,
      labels: metadata.labels,
      annotations: metadata.annotations,
    },
    spec,
    status: {
      sourceHydrator: status.sourceHydrator,
      summary: status.summary,
      health: status.health,
      sync: status.sync && {
        status: status.sync.status,
        revision: status.sync.revision,
      },
      operationState: operation && {
        phase: operation.phase,
        startedAt: operation.startedAt,
        finishedAt: operation.finishedAt,
        ...(operation.syncResult && {
          syncResult: {
            revision: operation.syncResult.revision,
            revisions: operation.syncResult.revisions,
          },
        }),
        ...(operation.operation?.sync && {
          operation: {
            sync: {
              revision: operation.operation.sync.revision,
              revisions: operation.operation.sync.revisions,
              dryRun: operation.operation.sync.dryRun,
            },
          },
        }),
      },
    },
  };
}
