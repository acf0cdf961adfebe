import type {
  AuditEvent,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';

/** `user:default/jane.doe` as `jane.doe`; a service stays as it is. */
export function actorName(actor: string): string {
  const match = /^user:(?:[^/]+\/)?(.+)$/.exec(actor);
  return match ? match[1] : actor;
}

/**
 * Who asked for a deployment through the portal: the audited sync or
 * rollback the backend linked to the history entry (`historyId`) when its
 * recorder read the entry. The agent records its own account (`admin`) as
 * the initiator; the audit log knows the person.
 */
export function portalRequester(
  entry: HistoryEntry,
  audits: AuditEvent[],
): AuditEvent | undefined {
  return audits.find(
    audit =>
      audit.origin !== 'agent' &&
      (audit.action === 'sync' || audit.action === 'rollback') &&
      audit.historyId === entry.id,
  );
}
