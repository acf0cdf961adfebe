import type { PromotionPullRequest } from '@gitops-suite/plugin-gitops-common';
import DialogContent from '@material-ui/core/DialogContent';
import DialogContentText from '@material-ui/core/DialogContentText';
import Typography from '@material-ui/core/Typography';
import type { ReactNode } from 'react';
import {
  ConfirmActions,
  OperationDialog,
} from '../ApplicationOperations/OperationDialog';
import { repositoryName } from '../../lib/repositoryName';

/** What merging a pull request changes, as its branch says it. */
function changesOf(pr: PromotionPullRequest): string {
  if (pr.kind === 'revert' && pr.application) {
    return `${pr.application} is set back to what #${pr.historyId} deployed`;
  }
  if (pr.environment && pr.tag) {
    return `${pr.environment} is set to release ${pr.tag}`;
  }
  return `the commits of ${pr.branch} (head ${pr.headSha.slice(0, 7)})`;
}

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <Typography variant="body2" component="div">
      <strong>{props.label}:</strong> {props.children}
    </Typography>
  );
}

/**
 * Asks before a promotion pull request is merged, as sync, terminate and
 * restart do: the pull request, its repository, the environment it deploys
 * to and what it changes there. `warnings` (an active change freeze, say)
 * are shown above the buttons.
 */
export function MergeConfirmDialog(props: {
  open: boolean;
  pullRequest: PromotionPullRequest;
  onClose: () => void;
  onConfirm: () => void;
  warnings?: ReactNode;
  /** What it changes, where the caller knows better than its branch says. */
  changes?: ReactNode;
}) {
  const {
    open,
    pullRequest: pr,
    onClose,
    onConfirm,
    warnings,
    changes,
  } = props;
  const titleId = `gitops-merge-title-${pr.number}`;
  const environment = pr.environment;
  return (
    <OperationDialog
      open={open}
      onClose={onClose}
      titleId={titleId}
      title={`Merge pull request #${pr.number}?`}
      maxWidth="sm"
    >
      <DialogContent>
        <DialogContentText>
          Merging moves the base branch; the environment’s agent then deploys
          what it changes.
        </DialogContentText>
        <Fact label="Pull request">
          #{pr.number} {pr.title}
        </Fact>
        <Fact label="Repository">
          {repositoryName(pr.repoUrl)} ({pr.branch} into {pr.baseBranch})
        </Fact>
        <Fact label="Target environment">
          {environment ?? 'not named by its branch'}
        </Fact>
        <Fact label="Changes">{changes ?? changesOf(pr)}</Fact>
        {warnings && <div>{warnings}</div>}
      </DialogContent>
      <ConfirmActions
        onCancel={onClose}
        confirmLabel={`Merge #${pr.number}`}
        color="secondary"
        onConfirm={() => {
          onClose();
          onConfirm();
        }}
      />
    </OperationDialog>
  );
}
