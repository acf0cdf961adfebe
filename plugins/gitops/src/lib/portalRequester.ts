import type {
  AuditEvent,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';

/** How long before a deployment starts the portal's request may have come. */
const LEAD_MS = 2 * 60_000;

const at = (time?: string) => (time ? Date.parse(time) : NaN);

/** `user:default/jane.doe` as `jane.doe`; a service stays as it is. */
export function actorName(actor: string): string {
  const match = /^user:(?:[^/]+\/)?(.+)$/.exec(actor);
  return match ? match[1] : actor;
}

/**
 * Who asked for a deployment through the portal: the audited sync or
 * rollback of the same application that succeeded, was not a dry run, and
 * started shortly before the agent began deploying (the closest one). The
 * agent records its own account (`admin`) as the initiator; the audit log
 * knows the person.
 */
export function portalRequester(
  entry: HistoryEntry,
  audits: AuditEvent[],
): AuditEvent | undefined {
  const started = at(entry.deployStartedAt ?? entry.deployedAt);
  const deployed = at(entry.deployedAt ?? entry.deployStartedAt);
  if (Number.isNaN(started)) return undefined;
  let best: AuditEvent | undefined;
  for (const audit of audits) {
    if (audit.action !== 'sync' && audit.action !== 'rollback') continue;
    if (audit.outcome !== 'succeeded' || audit.parameters.dryRun) continue;
    const asked = at(audit.startedAt);
    if (asked < started - LEAD_MS || asked > deployed) continue;
    if (
      !best ||
      Math.abs(started - asked) < Math.abs(started - at(best.startedAt))
    ) {
      best = audit;
    }
  }
  return best;
}
