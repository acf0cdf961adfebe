import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';

/**
 * Why an application needs attention, in the agent's words: the error of a
 * failed or errored last operation (what Argo CD raises as its SyncError or
 * ComparisonError condition), else the health message, else the sync state.
 */
export function attentionMessage(app: GitOpsApplication): string | undefined {
  const { operation } = app;
  if (
    operation &&
    (operation.phase === 'Failed' || operation.phase === 'Error')
  ) {
    const what = operation.phase === 'Error' ? 'Sync error' : 'Sync failed';
    return operation.message ? `${what}: ${operation.message}` : what;
  }
  if (app.health.message) return app.health.message;
  if (app.sync.status === 'OutOfSync') return 'Out of sync with Git';
  return undefined;
}
