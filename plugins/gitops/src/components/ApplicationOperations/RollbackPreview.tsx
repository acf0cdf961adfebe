import type {
  EntityApplicationRef,
  GitOpsApplication,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import { historyRevision } from '../../lib/revision';
import { rollbackChanges } from '../../lib/rollbackChanges';
import { RevisionDetails } from '../HistoryTimeline/RevisionDetails';

/**
 * What rolling back to `target` puts back, before anyone confirms: the
 * target's commit (message, author, signature) and each version that
 * changes, from what runs now to what will run.
 */
export function RollbackPreview(props: {
  app: EntityApplicationRef;
  application: GitOpsApplication;
  target: HistoryEntry;
}) {
  const { app, application, target } = props;
  const changes = rollbackChanges(application, target);
  return (
    <Box
      my={2}
      aria-label={`What rolling back to #${target.id} changes`}
      role="region"
    >
      <Typography variant="subtitle2" gutterBottom>
        Rolling back to #{target.id}
      </Typography>
      <RevisionDetails
        app={app}
        revision={historyRevision(application, target)}
      />
      {changes.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          The history records the same revision and versions as what runs now.
        </Typography>
      ) : (
        <Box component="ul" pl={2} my={1}>
          {changes.map(change => (
            <Typography component="li" variant="body2" key={change.what}>
              {change.what}: {change.from ?? 'none'} → {change.to ?? 'none'}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
