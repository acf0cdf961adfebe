import {
  GitOpsApplication,
  HydrationPhase,
  SourceHydrator,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { formatTimestamp } from '../../lib/timeSince';
import { CommitLink, RepositoryLink } from '../Links';
import { StatusChip } from '../StatusChips/StatusChip';
import { PHASE_COLORS } from '../StatusChips/statusColors';

/** Hydration phases in the operation colours. */
const HYDRATION_COLORS: Record<HydrationPhase, string> = {
  Hydrating: PHASE_COLORS.Running,
  Hydrated: PHASE_COLORS.Succeeded,
  Failed: PHASE_COLORS.Failed,
};

function Operation(props: { hydrator: SourceHydrator }) {
  const { currentOperation: current, drySource, syncSource } =
    props.hydrator;
  if (!current) return null;
  const when = current.finishedAt ?? current.startedAt;
  return (
    <Box display="flex" alignItems="center" flexWrap="wrap" style={{ gap: 8 }}>
      <StatusChip
        label={current.phase}
        color={HYDRATION_COLORS[current.phase]}
        title={current.message || current.phase}
      />
      <Typography variant="body2" color="textSecondary" component="span">
        hydration of{' '}
        <CommitLink repoURL={drySource.repoURL} revision={current.drySHA} />
        {current.hydratedSHA && (
          <>
            {' → '}
            <CommitLink
              repoURL={syncSource.repoURL}
              revision={current.hydratedSHA}
            />
          </>
        )}
        {when ? ` · ${formatTimestamp(when)}` : ''}
      </Typography>
    </Box>
  );
}

/**
 * How an application the source hydrator renders gets its manifests: the
 * dry source, the sync source (and staging branch), the last successful
 * hydration, the current one, and a failed one's message.
 */
export function HydrationDetails(props: { application: GitOpsApplication }) {
  const hydrator = props.application.sourceHydrator;
  if (!hydrator) return null;
  const { drySource, syncSource, hydrateTo, lastSuccessfulOperation } =
    hydrator;
  const current = hydrator.currentOperation;
  return (
    <Box my={1} aria-label="Source hydrator">
      <Typography variant="body2" color="textSecondary">
        dry <RepositoryLink repoURL={drySource.repoURL} /> · {drySource.path}{' '}
        @ {drySource.targetRevision}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        syncs {syncSource.targetBranch} · {syncSource.path}
        {syncSource.repoURL !== drySource.repoURL && (
          <>
            {' '}
            in <RepositoryLink repoURL={syncSource.repoURL} />
          </>
        )}
        {hydrateTo ? ` · staged on ${hydrateTo.targetBranch}` : ''}
      </Typography>
      {lastSuccessfulOperation?.hydratedSHA && (
        <Typography variant="body2" color="textSecondary">
          last hydrated{' '}
          <CommitLink
            repoURL={drySource.repoURL}
            revision={lastSuccessfulOperation.drySHA}
          />
          {' → '}
          <CommitLink
            repoURL={syncSource.repoURL}
            revision={lastSuccessfulOperation.hydratedSHA}
          />
        </Typography>
      )}
      <Operation hydrator={hydrator} />
      {current?.phase === 'Failed' && (
        <Alert severity="error" role="status">
          Hydration failed
          {current.finishedAt
            ? ` at ${formatTimestamp(current.finishedAt)}`
            : ''}
          {current.message ? `: ${current.message}` : ''}
        </Alert>
      )}
    </Box>
  );
}
