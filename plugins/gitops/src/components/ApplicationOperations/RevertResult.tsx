import { Link } from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  gitopsPullRequestMergePermission,
  type PromotionPullRequest,
  type RevertResponse,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useState } from 'react';
import { gitopsApiRef } from '../../api';
import { errorMessage } from '../../lib/errorMessage';
import { MergeConfirmDialog } from '../PromotionPullRequests/MergeConfirmDialog';
import { RevertChangeList, revertChangeText } from './RevertChangeList';

/**
 * The revert pull request a rollback in Git opened: a link to it, what it
 * changes, and Merge (asking first, as a promotion's merge does) for those
 * who may merge the entity's pull requests. Once merged, says how the
 * application gets it: its agent syncs it, or a sync from the portal does.
 */
export function RevertResult(props: {
  entityRef: string;
  applicationName: string;
  automated: boolean;
  result: RevertResponse & { pullRequest: PromotionPullRequest };
  onMerged?: () => void;
}) {
  const { entityRef, applicationName, automated, result, onMerged } = props;
  const pr = result.pullRequest;
  const api = useApi(gitopsApiRef);
  const mergePermission = usePermission({
    permission: gitopsPullRequestMergePermission,
    resourceRef: entityRef,
  });
  const [confirming, setConfirming] = useState(false);
  const [merging, setMerging] = useState(false);
  const [merged, setMerged] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const changes = result.changes.map(revertChangeText).join('; ');
  const merge = async () => {
    setMerging(true);
    setError(undefined);
    try {
      const answer = await api.mergeEntityPullRequest(entityRef, pr);
      setMerged(answer.sha);
      onMerged?.();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setMerging(false);
    }
  };
  return (
    <Box role="region" aria-label="Revert pull request">
      <Typography variant="body2" gutterBottom>
        Opened <Link to={pr.htmlUrl}>{`pull request #${pr.number}`}</Link>:{' '}
        {pr.title}
      </Typography>
      <RevertChangeList changes={result.changes} />
      {merged ? (
        <Alert severity="success">
          Merged #{pr.number} as {merged.slice(0, 7)}.{' '}
          {automated
            ? `${applicationName} syncs automatically: its agent deploys it now.`
            : `${applicationName} syncs by hand: Sync it to deploy the revert.`}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="textSecondary" gutterBottom>
            Merging it rolls {applicationName} back:{' '}
            {automated
              ? 'its agent syncs the merge at once.'
              : 'a sync then deploys it.'}
          </Typography>
          <Button
            variant="contained"
            color="primary"
            size="small"
            disabled={!mergePermission.allowed || merging}
            aria-describedby={
              mergePermission.allowed || mergePermission.loading
                ? undefined
                : 'gitops-revert-merge-denied'
            }
            onClick={() => setConfirming(true)}
          >
            {merging ? 'Merging…' : `Merge #${pr.number}`}
          </Button>
          {!mergePermission.loading && !mergePermission.allowed && (
            <Typography
              id="gitops-revert-merge-denied"
              variant="caption"
              color="textSecondary"
              component="p"
            >
              Only the service’s owners may merge its pull requests; ask one of
              them to merge #{pr.number}.
            </Typography>
          )}
        </>
      )}
      {error && (
        <Box mt={1}>
          <Alert severity="error">{error}</Alert>
        </Box>
      )}
      <MergeConfirmDialog
        open={confirming}
        pullRequest={pr}
        onClose={() => setConfirming(false)}
        onConfirm={merge}
        changes={changes}
      />
    </Box>
  );
}
