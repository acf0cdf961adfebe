import type {
  GitOpsApplicationSet,
  HealthStatusCode,
} from '@gitops-suite/plugin-gitops-common';
import Box from '@material-ui/core/Box';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListItemText from '@material-ui/core/ListItemText';
import Typography from '@material-ui/core/Typography';
import { HealthStatusChip } from '../StatusChips';
import { RolloutStatusChip } from './RolloutStatusChip';
import { rolloutPlaceOf, rolloutPlaces } from './rolloutPlaces';

type Step = NonNullable<GitOpsApplicationSet['strategy']>['steps'][number];

/** `env In (qa, prod)`, as the step's match expressions read. */
function describeMatch(step: Step): string {
  if (!step.matchExpressions.length) return 'every application';
  return step.matchExpressions
    .map(e => `${e.key} ${e.operator} (${e.values.join(', ')})`)
    .join(' and ');
}

function describeMaxUpdate(step: Step): string {
  return step.maxUpdate === undefined
    ? 'all at once'
    : `at most ${step.maxUpdate} at a time`;
}

/**
 * A RollingSync ApplicationSet's rollout step by step: each step's match
 * expressions and maxUpdate, and each of its applications' status in it.
 * Nothing for a set that syncs all at once.
 */
export function RolloutSteps(props: { set: GitOpsApplicationSet }) {
  const { set } = props;
  if (set.strategy?.type !== 'RollingSync') return null;
  const places = rolloutPlaces([set]);
  const statuses = set.applicationStatus ?? [];
  const inStep = (step: number | undefined) =>
    statuses.filter(status => status.step === step);
  const unplaced = statuses.filter(
    status =>
      status.step === undefined ||
      !set.strategy!.steps.some(step => step.step === status.step),
  );
  return (
    <Box mt={2} component="section" aria-label="Rollout">
      <Box display="flex" alignItems="center" style={{ gap: 8 }}>
        <Typography variant="h6">Rolling sync</Typography>
        {set.health && (
          <HealthStatusChip
            status={set.health.status as HealthStatusCode}
            message={set.health.message}
          />
        )}
        {set.resourcesCount !== undefined && (
          <Typography variant="body2" color="textSecondary">
            {set.resourcesCount} application(s)
          </Typography>
        )}
      </Box>
      {set.strategy.steps.map(step => (
        <Box
          key={step.step}
          mt={1}
          component="section"
          aria-label={`Step ${step.step}`}
        >
          <Typography variant="subtitle2">
            Step {step.step}: {describeMatch(step)}, {describeMaxUpdate(step)}
          </Typography>
          {inStep(step.step).length === 0 ? (
            <Typography variant="body2" color="textSecondary">
              No application in this step.
            </Typography>
          ) : (
            <List dense disablePadding>
              {inStep(step.step).map(status => (
                <ListItem key={status.application} disableGutters>
                  <Box mr={1}>
                    <RolloutStatusChip
                      place={
                        rolloutPlaceOf(places, {
                          agentId: set.agentId,
                          name: status.application,
                        })!
                      }
                    />
                  </Box>
                  <ListItemText
                    primary={status.application}
                    secondary={[
                      status.message,
                      status.targetRevisions?.length
                        ? `revision ${status.targetRevisions.join(', ')}`
                        : undefined,
                      status.lastTransitionTime
                        ? `since ${status.lastTransitionTime}`
                        : undefined,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      ))}
      {unplaced.length > 0 && (
        <Typography variant="body2" color="textSecondary">
          In no step (never synced by the rollout):{' '}
          {unplaced.map(status => status.application).join(', ')}
        </Typography>
      )}
    </Box>
  );
}
