import {
  type EntityApplicationRef,
  deployedRevision,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import Typography from '@material-ui/core/Typography';
import Timeline from '@material-ui/lab/Timeline';
import TimelineConnector from '@material-ui/lab/TimelineConnector';
import TimelineContent from '@material-ui/lab/TimelineContent';
import TimelineDot from '@material-ui/lab/TimelineDot';
import TimelineItem from '@material-ui/lab/TimelineItem';
import TimelineOppositeContent from '@material-ui/lab/TimelineOppositeContent';
import TimelineSeparator from '@material-ui/lab/TimelineSeparator';
import { useApplicationEvents } from '../../hooks/useApplicationEvents';
import { actorName, portalRequester } from '../../lib/portalRequester';
import { historyRevision } from '../../lib/revision';
import { formatTimestamp } from '../../lib/timeSince';
import { CommitLink } from '../Links';
import { RevisionDetails } from './RevisionDetails';

const MAX_ENTRIES = 10;

/** What a person asked for through the portal, as the timeline says it. */
const ASKED: Record<string, string> = {
  sync: 'synced',
  rollback: 'rolled back',
};

/**
 * The latest deployments of an application, newest first, each with the
 * agent's initiator and, for a deployment asked for through the portal,
 * the person who asked and what they asked for (from the application's own
 * events: whoever may read the application sees them, without the
 * fleet-wide audit permission).
 */
export function HistoryTimeline(props: {
  app: EntityApplicationRef;
  application: GitOpsApplication;
}) {
  // attribution is extra: without the events, history still shows
  const { value: events } = useApplicationEvents(props.app);
  const audits = events?.audit ?? [];
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
                  {ASKED[asked.action] ?? asked.action} by{' '}
                  {actorName(asked.actor)} through the portal
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
