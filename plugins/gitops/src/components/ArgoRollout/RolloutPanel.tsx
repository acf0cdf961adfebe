import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  gitopsApplicationResourceActionPermission,
  rolloutProgress,
} from '@gitops-suite/plugin-gitops-common';
import type {
  EntityApplicationRef,
  ResourceAction,
  ResourceNode,
  RolloutSummary,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import Button from '@material-ui/core/Button';
import Tooltip from '@material-ui/core/Tooltip';
import Typography from '@material-ui/core/Typography';
import Alert from '@material-ui/lab/Alert';
import { useCallback, useEffect, useState } from 'react';
import { gitopsApiRef } from '../../api';
import { errorMessage } from '../../lib/errorMessage';
import { ResourceActionConfirm } from '../ResourceTree/ResourceActionsMenu';
import { resourceActionLabel } from '../ResourceTree/actionLabels';
import { CanaryChip } from './CanaryChip';
import { analysisText, stepText } from './rolloutText';
import { WrapRow } from '../WrapRow';

/** The Rollout actions the panel offers, in the order a person would take them. */
const OFFERED = ['resume', 'promote-full', 'abort', 'retry'];

function Steps(props: { label: string; rollout: RolloutSummary }) {
  const { label, rollout } = props;
  const current = rolloutProgress(rollout) ? rollout.currentStepIndex : -1;
  return (
    <Box component="ol" aria-label={`Canary steps of ${label}`} my={1} pl={3}>
      {rollout.steps.map((step, index) => (
        <Typography
          key={index}
          component="li"
          variant="body2"
          aria-current={index === current ? 'step' : undefined}
          color={
            index < rollout.currentStepIndex ? 'textSecondary' : 'textPrimary'
          }
          style={index === current ? { fontWeight: 600 } : undefined}
        >
          {stepText(step)}
          {index === current && ' ← current'}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * An Argo Rollouts canary in the drawer: where it stands (step n of m and
 * what it does, the weight it sets and the traffic it has, its analysis),
 * its steps, and Promote, Promote full, Abort and Retry: the Rollout's
 * resource actions (resume, promote-full, abort, retry) as the agent offers
 * them now, each after the resource actions' confirmation and through the
 * same route and permission.
 */
export function RolloutPanel(props: {
  app: EntityApplicationRef;
  node: ResourceNode & { rollout: RolloutSummary };
  /** Why the application's agent would refuse the user its actions. */
  agentDenied?: string;
  /** Called after an action ran (the tree is read again). */
  onDone?: () => void;
}) {
  const { app, node, agentDenied, onDone } = props;
  const { rollout } = node;
  const api = useApi(gitopsApiRef);
  const permission = usePermission({
    permission: gitopsApplicationResourceActionPermission,
    resourceRef: app.entityRef,
  });
  const [actions, setActions] = useState<ResourceAction[]>();
  const [confirming, setConfirming] = useState<ResourceAction>();
  const [result, setResult] = useState<{
    severity: 'success' | 'error';
    message: string;
  }>();
  const label = `${node.kind}/${node.name}`;
  const { group, version, kind, namespace, name } = node;

  const load = useCallback(async () => {
    try {
      const resource = { group, version, kind, namespace, name };
      setActions(await api.listResourceActions(app, resource));
    } catch (error) {
      setActions([]);
      setResult({
        severity: 'error',
        message: `Could not list the actions: ${errorMessage(error)}`,
      });
    }
  }, [api, app, group, version, kind, namespace, name]);
  // what the agent offers changes as the canary moves
  const state = `${rollout.currentStepIndex}/${rollout.paused}/${rollout.aborted}/${rollout.setWeight}`;
  useEffect(() => {
    load();
  }, [load, state]);

  const run = async (action: ResourceAction) => {
    setResult(undefined);
    try {
      const resource = { group, version, kind, namespace, name };
      await api.runResourceAction(app, resource, action.name);
      setResult({
        severity: 'success',
        message: `Ran ${resourceActionLabel(kind, action)} on ${label}.`,
      });
      onDone?.();
    } catch (error) {
      setResult({ severity: 'error', message: errorMessage(error) });
    }
  };

  const denied =
    (!permission.loading &&
      !permission.allowed &&
      "Only the entity's owners may run actions on its resources.") ||
    agentDenied;
  const progress = rolloutProgress(rollout);
  const step =
    rollout.steps[Math.min(rollout.currentStepIndex, rollout.stepCount - 1)];

  return (
    <Box
      component="section"
      aria-label={`Canary ${label}`}
      border={1}
      borderColor="divider"
      borderRadius={4}
      p={2}
      mb={2}
    >
      <WrapRow alignItems="center" gap={8}>
        <Typography variant="subtitle1" component="h3">
          {rollout.strategy === 'canary' ? 'Canary' : 'Rollout'} {label}
        </Typography>
        <CanaryChip rollout={rollout} />
        {!progress && rollout.strategy === 'canary' && (
          <Typography variant="body2" color="textSecondary">
            fully promoted
          </Typography>
        )}
      </WrapRow>
      {progress && step && (
        <Typography variant="body2">
          Step {progress.step} of {progress.steps}: {stepText(step)}
          {progress.state === 'paused' && ' (paused)'}
          {progress.state === 'aborted' && ' (aborted)'}
        </Typography>
      )}
      <Typography variant="body2">
        Weight: {rollout.actualWeight}% of traffic on the canary (the step sets{' '}
        {rollout.setWeight}%)
      </Typography>
      {rollout.analysis && (
        <Typography variant="body2">
          Analysis {rollout.analysis.name}: {analysisText(rollout.analysis)}
          {rollout.analysis.message && ` — ${rollout.analysis.message}`}
        </Typography>
      )}
      {rollout.message && (
        <Typography variant="body2" color="textSecondary">
          {rollout.phase ? `${rollout.phase}: ` : ''}
          {rollout.message}
        </Typography>
      )}
      {rollout.steps.length > 0 && <Steps label={label} rollout={rollout} />}
      <WrapRow gap={8}>
        {OFFERED.map(actionName => {
          const action = actions?.find(a => a.name === actionName);
          const why =
            denied ||
            (actions === undefined && 'Reading the actions…') ||
            (!action && 'The agent does not offer it') ||
            (action?.disabled && 'Not possible now') ||
            undefined;
          const text = resourceActionLabel(kind, { name: actionName });
          return (
            <Tooltip key={actionName} title={why || ''}>
              <span>
                <Button
                  size="small"
                  variant={actionName === 'resume' ? 'contained' : 'outlined'}
                  color={actionName === 'abort' ? 'secondary' : 'primary'}
                  disabled={Boolean(why)}
                  onClick={() => action && setConfirming(action)}
                >
                  {text}
                </Button>
              </span>
            </Tooltip>
          );
        })}
      </WrapRow>
      {result && (
        <Box mt={1}>
          <Alert
            severity={result.severity}
            onClose={() => setResult(undefined)}
          >
            {result.message}
          </Alert>
        </Box>
      )}
      <ResourceActionConfirm
        app={app}
        node={node}
        action={confirming}
        onClose={() => setConfirming(undefined)}
        onConfirm={() => confirming && run(confirming)}
      />
    </Box>
  );
}
