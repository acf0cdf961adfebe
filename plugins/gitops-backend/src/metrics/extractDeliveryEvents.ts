import {
  GitOpsApplication,
  isUnhealthy,
  operationFailed,
} from '@gitops-suite/plugin-gitops-common';
import {
  AppIdentity,
  DeploymentEvent,
  SyncFailureEvent,
  UnhealthyPeriod,
} from './types';

/** The identity of a (normalized) application. */
export function appIdentity(app: GitOpsApplication): AppIdentity {
  return {
    appKey: app.key,
    agentId: app.agentId,
    application: app.name,
    ...(app.namespace && { appNamespace: app.namespace }),
    ...(app.service && { service: app.service }),
    environment: app.environment,
  };
}

/**
 * The deployments of an application's history that are not recorded yet,
 * flagged against everything recorded before them: `revisionChanged` when the
 * revision differs from the previous entry's, `rollback` when it changed back
 * to a revision deployed before the previous one.
 */
export function newDeployments(
  app: GitOpsApplication,
  recorded: DeploymentEvent[],
): DeploymentEvent[] {
  const identity = appIdentity(app);
  const known = new Set(recorded.map(d => d.historyId));
  const incoming: Array<{ id: number; revision: string; deployedAt: string }> =
    [];
  for (const entry of app.history) {
    const revision = entry.revision ?? entry.revisions?.[0];
    if (!revision || !entry.deployedAt || known.has(entry.id)) continue;
    incoming.push({ id: entry.id, revision, deployedAt: entry.deployedAt });
  }
  // every deployment known, recorded or new, in history order
  const sequence = [
    ...recorded.map(d => ({ id: d.historyId, revision: d.revision })),
    ...incoming,
  ].sort((a, b) => a.id - b.id);

  return incoming
    .sort((a, b) => a.id - b.id)
    .map(entry => {
      const index = sequence.findIndex(s => s.id === entry.id);
      const previous = sequence[index - 1];
      const revisionChanged = previous?.revision !== entry.revision;
      const rollback =
        revisionChanged &&
        sequence
          .slice(0, Math.max(0, index - 1))
          .some(s => s.revision === entry.revision);
      return {
        ...identity,
        historyId: entry.id,
        revision: entry.revision,
        deployedAt: entry.deployedAt,
        revisionChanged,
        rollback,
      };
    });
}

/** The application's last operation, when it was a sync that failed. */
export function syncFailure(
  app: GitOpsApplication,
): SyncFailureEvent | undefined {
  const op = app.operation;
  if (!op?.startedAt || !operationFailed(op)) {
    return undefined;
  }
  if (op.dryRun) return undefined;
  return {
    ...appIdentity(app),
    startedAt: op.startedAt,
    finishedAt: op.finishedAt ?? op.startedAt,
    ...(op.revision && { revision: op.revision }),
    phase: op.phase as SyncFailureEvent['phase'],
  };
}

/** The unhealthy state an application is in now, if any. */
export function unhealthyHealth(
  app: GitOpsApplication,
): UnhealthyPeriod['health'] | undefined {
  return isUnhealthy(app)
    ? (app.health.status as UnhealthyPeriod['health'])
    : undefined;
}
