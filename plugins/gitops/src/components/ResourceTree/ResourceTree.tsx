import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { rolloutProgress } from '@gitops-suite/plugin-gitops-common';
import type {
  EntityApplicationRef,
  ResourceNode,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Typography from '@material-ui/core/Typography';
import ChevronRightIcon from '@material-ui/icons/ChevronRight';
import ExpandMoreIcon from '@material-ui/icons/ExpandMore';
import TreeItem from '@material-ui/lab/TreeItem';
import TreeView from '@material-ui/lab/TreeView';
import { ReactNode, useEffect, useMemo } from 'react';
import type { AgentPermissions } from '../../api';
import { useResourceTree } from '../../hooks/useResourceTree';
import { agentRefusal } from '../ApplicationOperations/agentReason';
import { RolloutPanel } from '../ArgoRollout';
import { HealthStatusChip, SyncStatusChip } from '../StatusChips';
import { buildTree, TreeNode } from './buildTree';
import { KindIcon } from './KindIcon';
import { ResourceActionsMenu } from './ResourceActionsMenu';

/**
 * A resource's row: its name, which looks like the link it is where the
 * row opens the resource (its manifest, events and logs), its states and
 * its actions.
 */
function NodeLabel(props: {
  node: ResourceNode;
  actions?: ReactNode;
  openable: boolean;
}) {
  const { node, actions, openable } = props;
  return (
    <Box display="flex" alignItems="center" py={0.5} style={{ gap: 8 }}>
      <KindIcon kind={node.kind} />
      <Typography
        variant="body2"
        color={openable ? 'primary' : 'textPrimary'}
        style={openable ? { textDecoration: 'underline' } : undefined}
        title={openable ? 'Open its manifest, events and logs' : undefined}
      >
        {node.kind}/{node.name}
      </Typography>
      {node.health && (
        <HealthStatusChip
          status={node.health.status}
          message={node.health.message}
        />
      )}
      {node.syncStatus && <SyncStatusChip status={node.syncStatus} />}
      {actions}
    </Box>
  );
}

function renderItems(
  items: TreeNode[],
  actions: (node: ResourceNode) => ReactNode,
  onOpen?: (node: ResourceNode) => void,
) {
  return items.map(item => (
    <TreeItem
      key={item.id}
      nodeId={item.id}
      label={
        <NodeLabel
          node={item.node}
          actions={actions(item.node)}
          openable={Boolean(onOpen)}
        />
      }
      // a row's label opens the resource; its icon expands or collapses it
      onLabelClick={
        onOpen &&
        (event => {
          event.preventDefault();
          onOpen(item.node);
        })
      }
    >
      {item.children.length > 0
        ? renderItems(item.children, actions, onOpen)
        : null}
    </TreeItem>
  ));
}

/** How soon a canary moving between steps is read again. */
const ROLLOUT_REREAD_MS = 2000;

function collectIds(items: TreeNode[]): string[] {
  return items.flatMap(item => [item.id, ...collectIds(item.children)]);
}

/**
 * The resources an application manages and what they own, with health and
 * each resource's actions (disabled, with the agent's reason, when the
 * agent would refuse them to the user: `agentPermissions`); `onOpen` makes
 * each row open that resource.
 */
export function ResourceTree(props: {
  app: EntityApplicationRef;
  onOpen?: (node: ResourceNode) => void;
  agentPermissions?: AgentPermissions;
  /** Called after a resource action ran. */
  onActionDone?: () => void;
}) {
  const { agentPermissions, onActionDone } = props;
  const { value, loading, error, retry } = useResourceTree(props.app);
  const agentDenied = agentRefusal(agentPermissions, 'action');
  const tree = useMemo(() => buildTree(value?.nodes ?? []), [value]);
  const expanded = useMemo(() => collectIds(tree), [tree]);
  const rollouts = useMemo(
    () =>
      (value?.nodes ?? []).filter(
        (node): node is ResourceNode & { rollout: RolloutSummary } =>
          Boolean(node.rollout),
      ),
    [value],
  );
  // a canary moving between steps is read again until it stops at one
  const moving = rollouts.some(
    node => rolloutProgress(node.rollout)?.state === 'progressing',
  );
  useEffect(() => {
    if (!moving || loading) return undefined;
    const timer = setTimeout(retry, ROLLOUT_REREAD_MS);
    return () => clearTimeout(timer);
  }, [moving, loading, retry, value]);
  // what a resource's actions (its menu, a Rollout's panel) need
  const actionProps = {
    app: props.app,
    agentDenied,
    onDone: () => {
      retry();
      onActionDone?.();
    },
  };
  // a reload (after an action) keeps the tree shown
  if (loading && !value) {
    return <Progress />;
  }
  if (error) {
    return <ResponseErrorPanel error={error} />;
  }
  if (tree.length === 0) {
    return (
      <Typography color="textSecondary">
        The application has no resources.
      </Typography>
    );
  }
  return (
    <>
      {rollouts.map(node => (
        <RolloutPanel
          key={node.uid ?? `${node.kind}/${node.name}`}
          node={node}
          {...actionProps}
        />
      ))}
      <TreeView
        aria-label="Resource tree"
        defaultCollapseIcon={<ExpandMoreIcon />}
        defaultExpandIcon={<ChevronRightIcon />}
        defaultExpanded={expanded}
      >
        {renderItems(
          tree,
          node => (
            <ResourceActionsMenu node={node} {...actionProps} />
          ),
          props.onOpen,
        )}
      </TreeView>
    </>
  );
}
