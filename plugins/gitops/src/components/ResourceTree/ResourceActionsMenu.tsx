import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  type EntityApplicationRef,
  gitopsApplicationResourceActionPermission,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ResourceAction,
  ResourceNode,
} from '@gitops-suite/plugin-gitops-common';
import IconButton from '@material-ui/core/IconButton';
import ListItemText from '@material-ui/core/ListItemText';
import Menu from '@material-ui/core/Menu';
import MenuItem from '@material-ui/core/MenuItem';
import Tooltip from '@material-ui/core/Tooltip';
import MoreVertIcon from '@material-ui/icons/MoreVert';
import Alert from '@material-ui/lab/Alert';
import { MouseEvent, useState } from 'react';
import { gitopsApiRef } from '../../api';
import { errorMessage } from '../../lib/errorMessage';
import { ConfirmDialog } from '../ApplicationOperations/ConfirmDialog';
import { resourceActionLabel } from './actionLabels';

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; actions: ResourceAction[] }
  | { state: 'error'; message: string };

/**
 * The actions the agent offers on one resource (restart a Deployment),
 * read when the menu opens; each runs after a confirmation. Items are
 * disabled, with the reason, when the action is disabled now, the user
 * may not run actions on the entity's applications, or the agent would
 * refuse them to the user (`agentDenied`, its reason).
 */
export function ResourceActionsMenu(props: {
  app: EntityApplicationRef;
  node: ResourceNode;
  onDone?: () => void;
  /** Why the application's agent would refuse the user its actions. */
  agentDenied?: string;
}) {
  const { app, node, onDone, agentDenied } = props;
  const api = useApi(gitopsApiRef);
  const permission = usePermission({
    permission: gitopsApplicationResourceActionPermission,
    resourceRef: app.entityRef,
  });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [confirming, setConfirming] = useState<ResourceAction | undefined>();
  const [result, setResult] = useState<
    { severity: 'success' | 'error'; message: string } | undefined
  >();
  const label = `${node.kind}/${node.name}`;
  const { group, version, kind, namespace, name } = node;
  const resource = { group, version, kind, namespace, name };

  const open = async (event: MouseEvent<HTMLElement>) => {
    // the row's own click expands or collapses it
    event.stopPropagation();
    setAnchor(event.currentTarget);
    setLoaded({ state: 'loading' });
    try {
      const actions = await api.listResourceActions(app, resource);
      setLoaded({ state: 'loaded', actions });
    } catch (error) {
      setLoaded({ state: 'error', message: errorMessage(error) });
    }
  };

  const run = async (action: string) => {
    setResult(undefined);
    try {
      await api.runResourceAction(app, resource, action);
      setResult({ severity: 'success', message: `Ran ${action} on ${label}.` });
      onDone?.();
    } catch (error) {
      setResult({ severity: 'error', message: errorMessage(error) });
    }
  };

  const denied = permission.loading
    ? undefined
    : !permission.allowed &&
      "Only the entity's owners may run actions on its resources.";

  return (
    <span
      onClick={event => event.stopPropagation()}
      onKeyDown={event => event.stopPropagation()}
      role="presentation"
    >
      <Tooltip title={`Actions for ${label}`}>
        <IconButton
          size="small"
          aria-label={`Actions for ${label}`}
          aria-haspopup="menu"
          onClick={open}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        keepMounted={false}
      >
        {loaded.state === 'loading' && (
          <MenuItem disabled>Loading actions…</MenuItem>
        )}
        {loaded.state === 'error' && (
          // the agent's words wrap inside the menu instead of running off
          <MenuItem disabled style={{ whiteSpace: 'normal', maxWidth: 360 }}>
            Could not list the actions: {loaded.message}
          </MenuItem>
        )}
        {loaded.state === 'loaded' && loaded.actions.length === 0 && (
          <MenuItem disabled>No actions for {node.kind}</MenuItem>
        )}
        {loaded.state === 'loaded' &&
          loaded.actions.map(action => {
            const why =
              denied ||
              agentDenied ||
              (action.disabled ? 'Not possible now' : undefined);
            return (
              <MenuItem
                key={action.name}
                disabled={Boolean(why)}
                onClick={() => {
                  setAnchor(null);
                  setConfirming(action);
                }}
              >
                <ListItemText
                  primary={resourceActionLabel(node.kind, action)}
                  secondary={why || undefined}
                />
              </MenuItem>
            );
          })}
      </Menu>
      {result && (
        <Alert
          severity={result.severity}
          onClose={() => setResult(undefined)}
          style={{ display: 'inline-flex', marginLeft: 8 }}
        >
          {result.message}
        </Alert>
      )}
      <ResourceActionConfirm
        app={app}
        node={node}
        action={confirming}
        onClose={() => setConfirming(undefined)}
        onConfirm={() => confirming && run(confirming.name)}
      />
    </span>
  );
}

/**
 * Asks before a resource action runs: what runs, on which resource of
 * which application (the menu's and the Rollout panel's one confirmation).
 */
export function ResourceActionConfirm(props: {
  app: EntityApplicationRef;
  node: Pick<ResourceNode, 'kind' | 'name'>;
  action?: Pick<ResourceAction, 'name' | 'displayName'>;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { app, node, action, onClose, onConfirm } = props;
  const label = `${node.kind}/${node.name}`;
  const name = action ? resourceActionLabel(node.kind, action) : '';
  const what =
    action && name !== action.name ? `${name} (${action.name})` : name;
  return (
    <ConfirmDialog
      open={action !== undefined}
      title={`Run ${name} on ${label}?`}
      text={`The agent runs the ${what} action on ${label} of ${app.name}, in the cluster, now.`}
      confirmLabel={`Run ${name}`}
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
