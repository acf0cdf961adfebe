import type { RevertResponse } from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import LinearProgress from '@material-ui/core/LinearProgress';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { repositoryName } from '../../lib/repositoryName';
import { RevertChangeList } from './RevertChangeList';

/**
 * What the revert pull request will change, as the backend answers a dry
 * run: the repository and branches, and each file's change; or why the
 * history entry cannot be reverted in Git.
 */
export function RevertPreview(props: {
  historyId: number;
  loading: boolean;
  /** Why the entry cannot be reverted in Git (the backend's answer). */
  error?: string;
  preview?: RevertResponse;
}) {
  const { historyId, loading, error, preview } = props;
  return (
    <Box
      my={2}
      role="region"
      aria-label={`What the pull request reverting to #${historyId} changes`}
    >
      {loading && <LinearProgress aria-label="Reading the repository" />}
      {!loading && error && <Alert severity="warning">{error}</Alert>}
      {!loading && preview && (
        <>
          <Typography variant="body2">
            A pull request on {repositoryName(preview.repoUrl)} from{' '}
            {preview.branch} into {preview.baseBranch} changes:
          </Typography>
          <RevertChangeList changes={preview.changes} />
        </>
      )}
    </Box>
  );
}
