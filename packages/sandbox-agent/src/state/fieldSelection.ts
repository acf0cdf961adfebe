import { JsonObject, getPath, setPath } from '../util/json';

/**
 * The application fields a list can be projected to with `fields=`: the
 * fixed map of Argo CD's API server (pkg/apiclient/application/
 * forwarder_overwrite.go), plus the sub-paths shared/reference/NOTES.md lists
 * as selectable (spec.* parts and status.sync.revision).
 */
export const SELECTABLE_APP_FIELDS: string[] = [
  'metadata.name',
  'metadata.namespace',
  'metadata.annotations',
  'metadata.labels',
  'metadata.creationTimestamp',
  'metadata.deletionTimestamp',
  'spec',
  'status.sourceHydrator',
  'status.sync.status',
  'status.health',
  'status.summary',
  'status.operationState.startedAt',
  'status.operationState.finishedAt',
  'status.resources',
  'operation.sync',
  'status.operationState.phase',
  'status.operationState.operation.sync',
  // From NOTES.md: spec parts and the sync revision.
  'spec.destination',
  'spec.project',
  'spec.source',
  'spec.sources',
  'spec.syncPolicy',
  'status.sync.revision',
  'status.sync.revisions',
];

/** The parsed `fields` query parameter. */
export interface FieldSelection {
  fields: Set<string>;
  exclude: boolean;
}

export function parseFieldSelection(raw: string | undefined | null): FieldSelection | undefined {
  if (!raw) return undefined;
  let text = raw;
  let exclude = false;
  if (text.startsWith('-')) {
    exclude = true;
    text = text.slice(1);
  }
  return { fields: new Set(text.split(',').map(f => f.trim()).filter(Boolean)), exclude };
}

/** Projects one application to the selected fields (as `items.<field>` entries). */
export function projectApplication(
  app: JsonObject,
  selection: FieldSelection,
  prefix = 'items.',
): JsonObject {
  const out: JsonObject = {};
  for (const field of SELECTABLE_APP_FIELDS) {
    const wanted = selection.fields.has(`${prefix}${field}`);
    if (wanted === selection.exclude) continue;
    const value =
      field === 'status.operationState.operation.sync'
        ? getPath(app, 'status.operationState.syncResult')
        : getPath(app, field);
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0 && field === 'status.resources') continue;
    setPath(out, field.split('.'), value);
  }
  return out;
}
