import { useState } from 'react';
import {
  InfoCard,
  Link,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { alertApiRef, useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  gitopsPullRequestMergePermission,
  type ActionBlocker,
  type GitOpsApplication,
  type PromotionPullRequest,
} from '@gitops-suite/plugin-gitops-common';
import Button from '@material-ui/core/Button';
import Table from '@material-ui/core/Table';
import TableBody from '@material-ui/core/TableBody';
import TableCell from '@material-ui/core/TableCell';
import TableHead from '@material-ui/core/TableHead';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { gitopsApiRef } from '../../api';
import { usePromotionPullRequests } from '../../hooks/usePromotionPullRequests';
import { environmentBlockers } from '../../lib/environmentBlockers';
import { ActionBlockerAlerts } from '../ActionBlockers';
import { MergeConfirmDialog } from './MergeConfirmDialog';

const MERGE_DENIED = 'Only the service’s owners may merge its promotions';

function MergeButton(props: {
  entityRef: string;
  pullRequest: PromotionPullRequest;
  allowed: boolean;
  onMerged: () => void;
  /** What should stop someone merging into the target environment. */
  blockers: ActionBlocker[];
}) {
  const { entityRef, pullRequest, allowed, onMerged, blockers } = props;
  const api = useApi(gitopsApiRef);
  const alerts = useApi(alertApiRef);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const merge = async () => {
    setBusy(true);
    try {
      const merged = await api.mergeEntityPullRequest(entityRef, pullRequest);
      alerts.post({
        message: `Merged #${pullRequest.number} as ${merged.sha.slice(0, 7)}`,
        severity: 'success',
        display: 'transient',
      });
      onMerged();
    } catch (e) {
      alerts.post({ message: (e as Error).message, severity: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="primary"
        disabled={!allowed || busy}
        title={allowed ? undefined : MERGE_DENIED}
        onClick={() => setConfirming(true)}
      >
        {busy ? 'Merging…' : 'Merge'}
      </Button>
      <MergeConfirmDialog
        open={confirming}
        pullRequest={pullRequest}
        onClose={() => setConfirming(false)}
        onConfirm={merge}
        warnings={<ActionBlockerAlerts blockers={blockers} />}
      />
    </>
  );
}

/**
 * The entity's open promotion pull requests (opened by the promote-release
 * template), with a Merge button for its owners that asks first: the merge
 * moves the branch, and the environment's agent deploys it.
 */
export function PromotionPullRequests(
  props: {
    /** The entity's applications, to find those a pull request deploys to. */
    applications?: GitOpsApplication[];
    /** What should stop someone acting on each application, by key. */
    blockers?: Map<string, ActionBlocker[]>;
  } = {},
) {
  const { value, loading, error, retry, entityRef } =
    usePromotionPullRequests();
  const permission = usePermission({
    permission: gitopsPullRequestMergePermission,
    resourceRef: entityRef,
  });
  if (loading && !value) return <Progress />;
  if (error && !value) return <ResponseErrorPanel error={error} />;
  if (
    !value ||
    (value.pullRequests.length === 0 && value.errors.length === 0)
  ) {
    return null;
  }
  return (
    <InfoCard title="Promotion pull requests">
      {value.errors.map(e => (
        <Alert key={e.repoUrl} severity="warning">
          {e.message}
        </Alert>
      ))}
      {value.pullRequests.length > 0 && (
        <Table size="small" aria-label="Promotion pull requests">
          <TableHead>
            <TableRow>
              <TableCell>Pull request</TableCell>
              <TableCell>Environment</TableCell>
              <TableCell>Opened by</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {value.pullRequests.map(pr => (
              <TableRow key={`${pr.repoUrl}#${pr.number}`}>
                <TableCell component="th" scope="row">
                  <Link to={pr.htmlUrl}>{`#${pr.number} ${pr.title}`}</Link>
                </TableCell>
                <TableCell>{pr.environment ?? '—'}</TableCell>
                <TableCell>
                  <Typography variant="body2">{pr.author ?? '—'}</Typography>
                </TableCell>
                <TableCell align="right">
                  <MergeButton
                    entityRef={entityRef}
                    pullRequest={pr}
                    allowed={permission.allowed}
                    onMerged={retry}
                    blockers={environmentBlockers(
                      props.applications ?? [],
                      props.blockers,
                      pr.environment,
                    )}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </InfoCard>
  );
}
