import type { ActionBlocker } from '@gitops-suite/plugin-gitops-common';
import Alert from '@material-ui/lab/Alert';

/**
 * What should make someone stop before acting, as alerts where they act:
 * the drawer header and the sync, rollback, promote and merge dialogs.
 * `only` keeps the kinds that matter to one action (a running operation
 * does not concern a merge in Git, a sync window does).
 */
export function ActionBlockerAlerts(props: {
  blockers?: ActionBlocker[];
  only?: ActionBlocker['kind'][];
}) {
  const shown = (props.blockers ?? []).filter(
    blocker => !props.only || props.only.includes(blocker.kind),
  );
  if (shown.length === 0) return null;
  return (
    <>
      {shown.map(blocker => (
        <Alert
          key={blocker.kind}
          severity={blocker.severity}
          role="status"
          style={{ marginBottom: 8 }}
        >
          {blocker.message}
        </Alert>
      ))}
    </>
  );
}
