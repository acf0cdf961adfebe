import type { GitOpsApplication, SyncWindow } from '../types';

/**
 * Something that decides whether it is safe to sync, roll back, promote or
 * merge now, shown wherever someone would do it:
 *
 * - `operation-running`: an operation (sync, rollback) is running or being
 *   terminated; Argo CD shows the application as Syncing;
 * - `hydration-failed`: the source hydrator could not render the dry
 *   source, so a change does not reach the cluster however green it looks;
 * - `sync-window`: an active deny window, or allow windows none of which is
 *   open, keeps syncs from running (Argo CD's "Sync Denied"), or lets only
 *   manual ones run ("Manual Allowed").
 * @public
 */
export type ActionBlocker = {
  kind: 'operation-running' | 'hydration-failed' | 'sync-window';
  /**
   * `error`: the action is refused, or what it does will not reach the
   * cluster; `warning`: it runs, and should be deliberate.
   */
  severity: 'error' | 'warning';
  /** A short label for a chip: `Syncing`, `Hydration failed`, `Sync denied`. */
  label: string;
  /** The whole sentence, with the agent's message or the window's name. */
  message: string;
};

/** A window as Argo CD's application API names it: by schedule and duration. */
const windowName = (window: SyncWindow) =>
  `the ${window.kind} window "${window.schedule}" for ${window.duration}`;

/**
 * Whether the sync windows keep syncs from running now, as Argo CD decides
 * it (`SyncWindows.CanSync`): an active deny window denies, unless every
 * active deny window allows manual syncs; allow windows none of which is
 * active deny the same way. Windows the agent did not mark active are not
 * guessed at.
 */
function syncWindowBlocker(
  windows: readonly SyncWindow[],
): ActionBlocker | undefined {
  const activeDeny = windows.filter(w => w.kind === 'deny' && w.active);
  const allows = windows.filter(w => w.kind === 'allow');
  const closedAllows = allows.length > 0 && !allows.some(w => w.active);
  if (activeDeny.length === 0 && !closedAllows) return undefined;
  const manual = activeDeny.length
    ? activeDeny.every(w => w.manualSync)
    : allows.some(w => w.manualSync);
  const why = activeDeny.length
    ? `${activeDeny.map(windowName).join(' and ')} ${
        activeDeny.length > 1 ? 'are' : 'is'
      } active`
    : 'no allow window is open';
  return manual
    ? {
        kind: 'sync-window',
        severity: 'warning',
        label: 'Manual sync only',
        message: `Sync window: ${why}. Automated syncs are denied; a manual sync is allowed and should be deliberate.`,
      }
    : {
        kind: 'sync-window',
        severity: 'error',
        label: 'Sync denied',
        message: `Sync window: ${why}. Syncs are denied until ${
          activeDeny.length ? 'it closes' : 'one opens'
        }.`,
      };
}

/**
 * The one rule for what should make someone stop before acting on an
 * application (see {@link ActionBlocker}), most severe first. The sync
 * windows are the application's, as its agent reports them; without them
 * only what the application itself shows is considered.
 * @public
 */
export function actionBlockers(
  app: Partial<Pick<GitOpsApplication, 'operation' | 'sourceHydrator'>>,
  syncWindows?: readonly SyncWindow[],
): ActionBlocker[] {
  const blockers: ActionBlocker[] = [];
  const { operation } = app;
  if (operation?.phase === 'Running' || operation?.phase === 'Terminating') {
    const label = operation.phase === 'Running' ? 'Syncing' : 'Terminating';
    const what = operation.dryRun ? 'A dry run' : 'An operation';
    const to = operation.revision
      ? ` to ${operation.revision.slice(0, 7)}`
      : '';
    const by = operation.initiatedBy ? ` by ${operation.initiatedBy}` : '';
    blockers.push({
      kind: 'operation-running',
      severity: 'warning',
      label,
      message: `${what}${to}${by} is ${
        operation.phase === 'Running' ? 'running' : 'being terminated'
      }${operation.message ? `: ${operation.message}` : ''}.`,
    });
  }
  const hydration = app.sourceHydrator?.currentOperation;
  if (hydration?.phase === 'Failed') {
    blockers.push({
      kind: 'hydration-failed',
      severity: 'error',
      label: 'Hydration failed',
      message: `Hydration failed${
        hydration.message ? `: ${hydration.message}` : ''
      }. The latest change has not reached the cluster.`,
    });
  }
  const windowBlocker = syncWindows && syncWindowBlocker(syncWindows);
  if (windowBlocker) blockers.push(windowBlocker);
  return mostSevereFirst(blockers);
}

/**
 * Blockers in the order they are shown: those that refuse the action
 * (`error`) before those that only warn, otherwise as given.
 * @public
 */
export function mostSevereFirst(
  blockers: Iterable<ActionBlocker>,
): ActionBlocker[] {
  const rank = (blocker: ActionBlocker) =>
    blocker.severity === 'error' ? 0 : 1;
  return [...blockers].sort((a, b) => rank(a) - rank(b));
}
