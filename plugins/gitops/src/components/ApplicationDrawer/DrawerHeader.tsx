import { Link } from '@backstage/core-components';
import {
  ActionBlocker,
  deployedRevision,
  GitOpsAgentInfo,
  GitOpsApplication,
  operationFailed,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import IconButton from '@material-ui/core/IconButton';
import Typography from '@material-ui/core/Typography';
import CloseIcon from '@material-ui/icons/Close';
import LaunchIcon from '@material-ui/icons/Launch';
import Alert from '@material-ui/lab/Alert';
import { formatTimestamp } from '../../lib/timeSince';
import { ActionBlockerAlerts, ActionBlockerChips } from '../ActionBlockers';
import { NoticeBanner } from '../ApplicationNotice';
import { CommitLink, RepositoryLink } from '../Links';
import { HydrationDetails } from '../SourceHydrator';
import { HealthStatusChip, PolicyBadges, SyncStatusChip } from '../StatusChips';
import { WrapRow } from '../WrapRow';

/** A failed or errored last operation, with the agent's message. */
function FailedOperation(props: { application: GitOpsApplication }) {
  const { operation } = props.application;
  if (!operation || !operationFailed(operation)) {
    return null;
  }
  const when = operation.finishedAt ?? operation.startedAt;
  const kind = operation.dryRun ? 'dry run' : 'sync';
  return (
    <Alert severity="error" role="status">
      Last {kind} {operation.phase === 'Error' ? 'errored' : 'failed'}
      {when ? ` at ${formatTimestamp(when)}` : ''}
      {operation.message ? `: ${operation.message}` : ''}
    </Alert>
  );
}

/**
 * Every source of the application (a multi-source one has several, a
 * `$values` reference among them), each with what it runs.
 */
function Sources(props: { application: GitOpsApplication }) {
  const app = props.application;
  const deployed = deployedRevision(app);
  return (
    <>
      {app.sources.map((source, index) => (
        <Typography
          key={`${source.repoURL}#${index}`}
          variant="body2"
          color="textSecondary"
        >
          {source.ref ? `$${source.ref} · ` : ''}
          <RepositoryLink repoURL={source.repoURL} />
          {source.path ? ` · ${source.path}` : ''}
          {source.chart ? ` · chart ${source.chart}` : ''} @{' '}
          {source.targetRevision ?? 'HEAD'}
          {deployed.revisions[index] &&
            deployed.revisions[index] !== source.targetRevision && (
              <>
                {deployed.desired ? ' · wants ' : ' · runs '}
                <CommitLink
                  repoURL={source.repoURL}
                  revision={deployed.revisions[index]}
                />
              </>
            )}
        </Typography>
      ))}
    </>
  );
}

/**
 * Name, states, destination, every source with what it runs (for an
 * application the source hydrator renders: its dry and sync sources and
 * its hydration), a failed last sync with its error, the application's
 * notice, and a link to the agent's UI.
 */
export function DrawerHeader(props: {
  application: GitOpsApplication;
  /** A running sync, a failed hydration, a closed sync window. */
  blockers?: ActionBlocker[];
  /** The application's agent: its product and where it sits, once read. */
  agent?: Pick<GitOpsAgentInfo, 'product' | 'scope'>;
  /** What sets the agent apart (an older Argo CD release). */
  agentNote?: string;
  onClose: () => void;
}) {
  const { application: app, blockers, agent, agentNote, onClose } = props;
  return (
    <Box display="flex" justifyContent="space-between" alignItems="flex-start">
      <Box>
        <Typography variant="h5">{app.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {app.environment} · agent {app.agentId} ·{' '}
          {app.clusterName ?? app.destination.name ?? app.destination.server}
          {app.destination.namespace ? `/${app.destination.namespace}` : ''} ·
          project {app.project}
        </Typography>
        {agent?.scope?.length ? (
          <Typography variant="body2" color="textSecondary">
            {agent.product ? `${agent.product} · ` : ''}
            {agent.scope
              .map(({ label, value }) => `${label} ${value}`)
              .join(' · ')}
          </Typography>
        ) : null}
        {agentNote && (
          <Typography variant="body2" color="textSecondary">
            {agentNote}
          </Typography>
        )}
        {app.sourceHydrator ? (
          <HydrationDetails application={app} />
        ) : (
          <Sources application={app} />
        )}
        <WrapRow alignItems="center" my={1} gap={8}>
          <SyncStatusChip
            status={app.sync.status}
            revision={app.sync.revision}
          />
          <HealthStatusChip
            status={app.health.status}
            message={app.health.message}
          />
          <ActionBlockerChips blockers={blockers} />
          <PolicyBadges policy={app.syncPolicy} />
          {app.uiUrl && (
            <Link to={app.uiUrl}>
              Open in {agent?.product ?? 'agent UI'}{' '}
              <LaunchIcon fontSize="inherit" />
            </Link>
          )}
        </WrapRow>
        <ActionBlockerAlerts blockers={blockers} />
        <FailedOperation application={app} />
        <NoticeBanner notice={app.notice} />
      </Box>
      <IconButton aria-label="Close details" onClick={onClose}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}
