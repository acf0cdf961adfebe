import type {
  ActionBlocker,
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import HistoryIcon from '@material-ui/icons/History';
import SyncIcon from '@material-ui/icons/Sync';
import { useState } from 'react';
import type { AgentPermissions } from '../../api';
import { useEntityOwners } from '../../hooks/useEntityOwners';
import { useGitOpsPermissions } from '../../hooks/useGitOpsPermissions';
import { OperationOptions, useOperation } from '../../hooks/useOperation';
import { agentRefusal } from './agentReason';
import { OperationProgress } from './OperationProgress';
import { permissionReason } from './permissionReason';
import { RefreshButtons } from './RefreshButtons';
import { RollbackDialog } from './RollbackDialog';
import { SyncDialog } from './SyncDialog';
import { SyncPolicyButton } from './SyncPolicyDialog';
import { TerminateButton } from './TerminateButton';

function joinActions(actions: string[]): string {
  return actions.length > 1
    ? `${actions.slice(0, -1).join(', ')} or ${actions[actions.length - 1]}`
    : actions[0];
}

/** The agent's distinct reasons, each with the id of the line showing it. */
function agentReasonLines(
  key: string,
  reasons: Array<string | undefined>,
): Array<{ id: string; text: string }> {
  const distinct = [...new Set(reasons.filter(Boolean) as string[])];
  return distinct.map((text, i) => ({
    id: `operations-agent-reason-${key}-${i}`,
    text,
  }));
}

/**
 * Refresh, sync, rollback and terminate for one application. An operation the user
 * holds no permission for shows disabled, with the reason written beside
 * it (who owns the entity); then, of those the permissions allow, an
 * operation the application's agent would refuse the user
 * (`agentPermissions`, for agents that decide as the user) shows disabled
 * with the agent's reason. Follows a started operation to its end, as
 * `application` is re-read, and shows the agent's message.
 */
export function OperationsBar(props: {
  app: EntityApplicationRef;
  application: GitOpsApplication;
  /** Called once a sync or rollback is accepted (re-read the application). */
  onStarted?: () => void;
  onSettled?: () => void;
  options?: Pick<OperationOptions, 'timeoutMs'>;
  /** What the application's agent would decide for the user, when known. */
  agentPermissions?: AgentPermissions;
  /** A running sync, a failed hydration, a closed sync window. */
  blockers?: ActionBlocker[];
}) {
  const {
    app,
    application,
    onStarted,
    onSettled,
    options,
    agentPermissions,
    blockers = [],
  } = props;
  const permissions = useGitOpsPermissions(app.entityRef);
  const operation = useOperation(app, application, {
    ...options,
    onStarted,
    onSettled,
  });
  const [dialog, setDialog] = useState<'sync' | 'rollback' | undefined>();
  const busy = operation.running || application.operation?.phase === 'Running';
  const owners = useEntityOwners(app.entityRef);
  const denied = [
    !permissions.canRefresh && 'refresh',
    !permissions.canSync && 'sync',
    !permissions.canRollback && 'roll back',
  ].filter((action): action is string => Boolean(action));
  const reasonId = `operations-reason-${application.key}`;
  const reason =
    !permissions.loading && denied.length > 0
      ? permissionReason(app.entityRef, joinActions(denied), owners)
      : undefined;
  const describedBy = reason ? reasonId : undefined;
  // the agent's refusals, of the operations the permissions allow (the
  // Backstage permission decides first, as in the backend)
  const agentSays = (
    allowed: boolean,
    action: Parameters<typeof agentRefusal>[1],
  ) =>
    !permissions.loading && allowed
      ? agentRefusal(agentPermissions, action)
      : undefined;
  const agentRefuses = {
    refresh: agentSays(permissions.canRefresh, 'refresh'),
    sync: agentSays(permissions.canSync, 'sync'),
    rollback: agentSays(permissions.canRollback, 'rollback'),
    terminate: agentSays(permissions.canTerminate, 'terminate'),
  };
  const agentLines = agentReasonLines(application.key, [
    agentRefuses.refresh,
    agentRefuses.sync,
    agentRefuses.rollback,
  ]);
  const agentReasonId = (text?: string) =>
    text ? agentLines.find(line => line.text === text)?.id : undefined;
  const canRefresh = permissions.canRefresh && !agentRefuses.refresh;
  // a sync window that denies even manual syncs: the agent would refuse it
  const windowDenies = blockers.find(
    b => b.kind === 'sync-window' && b.severity === 'error',
  );
  const windowId = `operations-window-${application.key}`;
  const canSync = permissions.canSync && !agentRefuses.sync && !windowDenies;
  const canRollback = permissions.canRollback && !agentRefuses.rollback;
  // Argo CD refuses a rollback while automated sync is on (409): such an
  // application is rolled back in Git, through a revert pull request
  const autoSynced = Boolean(application.syncPolicy.automated);
  const autoSyncId = `operations-autosync-${application.key}`;

  return (
    <Box>
      <Box
        display="flex"
        flexWrap="wrap"
        alignItems="center"
        style={{ gap: 8 }}
      >
        <RefreshButtons
          disabled={operation.running || !canRefresh}
          describedBy={
            permissions.canRefresh
              ? agentReasonId(agentRefuses.refresh)
              : describedBy
          }
          onRefresh={operation.refresh}
        />
        <Button
          size="small"
          variant="contained"
          color="primary"
          startIcon={<SyncIcon />}
          disabled={busy || !canSync}
          aria-describedby={
            (windowDenies && windowId) ||
            (permissions.canSync
              ? agentReasonId(agentRefuses.sync)
              : describedBy)
          }
          onClick={() => setDialog('sync')}
        >
          Sync
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<HistoryIcon />}
          disabled={busy || !canRollback || application.history.length < 2}
          aria-describedby={
            [
              permissions.canRollback
                ? agentReasonId(agentRefuses.rollback)
                : describedBy,
              autoSynced && permissions.canRollback ? autoSyncId : undefined,
            ]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onClick={() => setDialog('rollback')}
        >
          Rollback
        </Button>
        <SyncPolicyButton
          app={app}
          application={application}
          disabled={permissions.loading}
          deniedReason={
            permissions.loading || permissions.canUpdateSyncPolicy
              ? undefined
              : permissionReason(
                  app.entityRef,
                  'change the sync policy of',
                  owners,
                )
          }
          onSaved={() => onSettled?.()}
        />
        <TerminateButton
          app={app}
          // a sync started here is followed: its latest read is the freshest
          application={
            (operation.running && operation.status?.application) || application
          }
          deniedReason={
            permissions.loading || permissions.canTerminate
              ? agentRefuses.terminate
              : permissionReason(
                  app.entityRef,
                  'terminate operations of',
                  owners,
                )
          }
          onTerminated={onSettled}
        />
      </Box>
      {autoSynced && permissions.canRollback && (
        <Typography
          id={autoSyncId}
          variant="caption"
          color="textSecondary"
          component="p"
        >
          Rollback opens a pull request in Git while automated sync is on: Argo
          CD refuses to roll back an application that syncs automatically, so
          its agent deploys the revert once it is merged.
        </Typography>
      )}
      {windowDenies && (
        <Typography
          id={windowId}
          variant="caption"
          color="textSecondary"
          component="p"
        >
          {windowDenies.message}
        </Typography>
      )}
      {reason && (
        <Typography
          id={reasonId}
          variant="caption"
          color="textSecondary"
          component="p"
        >
          {reason}
        </Typography>
      )}
      {agentLines.map(line => (
        <Typography
          key={line.id}
          id={line.id}
          variant="caption"
          color="textSecondary"
          component="p"
        >
          {line.text}
        </Typography>
      ))}
      <OperationProgress
        status={operation.status}
        onClose={operation.running ? undefined : operation.reset}
      />
      <SyncDialog
        open={dialog === 'sync'}
        app={app}
        application={application}
        blockers={blockers}
        onClose={() => setDialog(undefined)}
        onConfirm={operation.sync}
      />
      <RollbackDialog
        open={dialog === 'rollback'}
        app={app}
        application={application}
        blockers={blockers}
        onClose={() => setDialog(undefined)}
        onConfirm={operation.rollback}
        onMerged={onStarted}
      />
    </Box>
  );
}
