import { deployedRevision } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Typography from '@material-ui/core/Typography';
import Timeline from '@material-ui/lab/Timeline';
import TimelineConnector from '@material-ui/lab/TimelineConnector';
import TimelineContent from '@material-ui/lab/TimelineContent';
import TimelineDot from '@material-ui/lab/TimelineDot';
import TimelineItem from '@material-ui/lab/TimelineItem';
import TimelineOppositeContent from '@material-ui/lab/TimelineOppositeContent';
import TimelineSeparator from '@material-ui/lab/TimelineSeparator';
import { useApi } from '@backstage/core-plugin-api';
import useAsync from 'react-use/esm/useAsync';
import { ApplicationRef, gitopsApiRef } from '../../api';
import { actorName, portalRequester } from '../../lib/portalRequester';
import { historyRevision } from '../../lib/revision';
import { formatTimestamp } from '../../lib/timeSince';
import { CommitLink } from '../Links';
import { RevisionDetails } from './RevisionDetails';

const MAX_ENTRIES = 10;

/**
 * The latest deployments of an application, newest first, each with the
 * agent's initiator and, for a deployment asked for through the portal,
 * the person who asked (from the audit log).
 */
export function HistoryTimeline(props: {
  app: ApplicationRef;
  application: GitOpsApplication;
}) {
  const api = useApi(gitopsApiRef);
  const { agentId, name } = props.application;
  // attribution is extra: without the audit log, history still shows
  const { value: audits = [] } = useAsync(
    () => api.getAuditEvents({ agent: agentId, application: name, limit: 100 }),
    [api, agentId, name],
  );
  const primaryRepo = deployedRevision(props.application).source?.repoURL;
  const entries = [...props.application.history]
    .sort((a, b) => b.id - a.id)
    .slice(0, MAX_ENTRIES);
  if (entries.length === 0) {
    return (
      <Typography color="textSecondary">
        No deployments recorded yet.
      </Typography>
    );
  }
  return (
    <Timeline align="left" aria-label="Deployment history">
      {entries.map((entry, index) => {
        const revision = historyRevision(props.application, entry);
        const asked = portalRequester(entry, audits);
        return (
          <TimelineItem key={entry.id}>
            <TimelineOppositeContent style={{ flex: 0.3 }}>
              <Typography variant="body2" color="textSecondary">
                {formatTimestamp(entry.deployedAt)}
              </Typography>
              <Typography variant="caption" color="textSecondary">
                by {entry.initiatedBy ?? 'unknown'}
              </Typography>
              {asked && (
                <Typography variant="caption" display="block">
                  asked by {actorName(asked.actor)} through the portal
                  {asked.action === 'rollback' ? ' (rollback)' : ''}
                </Typography>
              )}
            </TimelineOppositeContent>
            <TimelineSeparator>
              <TimelineDot color={index === 0 ? 'primary' : 'grey'} />
              {index < entries.length - 1 && <TimelineConnector />}
            </TimelineSeparator>
            <TimelineContent>
              <Typography variant="body2">
                <CommitLink
                  repoURL={primaryRepo}
                  revision={revision}
                  fallback="unknown revision"
                />
                {index === 0 ? ' (current)' : ''} · #{entry.id}
              </Typography>
              <RevisionDetails app={props.app} revision={revision} />
            </TimelineContent>
          </TimelineItem>
        );
      })}
    </Timeline>
  );
}
