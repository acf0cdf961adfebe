import { InfoCard, Link, LinkButton } from '@backstage/core-components';
import type {
  ActionBlocker,
  GitOpsApplication,
  PromotionEnvironmentState,
  PromotionInsight as PromotionInsightValue,
  PromotionPullRequest,
  PromotionStep,
} from '@gitops-suite/plugin-gitops-common';
import Chip from '@material-ui/core/Chip';
import { ATTENTION_RED, StatusChip } from '../StatusChips';
import TableCell from '@material-ui/core/TableCell';
import TableRow from '@material-ui/core/TableRow';
import Typography from '@material-ui/core/Typography';
import { UnansweredAgentsAlert } from '../AgentErrorBanners';
import { LiveContent } from '../LiveContent';
import { usePromotionInsight } from '../../hooks/usePromotionInsight';
import { usePromotionPullRequests } from '../../hooks/usePromotionPullRequests';
import { CommitLink } from '../Links/CommitLink';
import { formatDuration } from '../DeliveryMetricsCard/formatMetrics';
import { environmentBlockers } from '../../lib/environmentBlockers';
import { ActionBlockerChips } from '../ActionBlockers';
import { openPromotion } from './openPromotion';
import { promotionLink } from './promotionLink';
import { CompactTable, wrapAtWords } from '../WordWrapTableHead';
import { WrapRow } from '../WrapRow';

/** What an environment runs: its tag and its revision, linked to the commit. */
function Running(props: { state?: PromotionEnvironmentState }) {
  const { state } = props;
  if (!state?.revision) return <>nothing deployed</>;
  const commit = (
    <CommitLink repoURL={state.repoURL} revision={state.revision} />
  );
  return state.tag && state.tag !== state.revision ? (
    <>
      {state.tag} ({commit})
    </>
  ) : (
    commit
  );
}

function describe(step: PromotionStep): string {
  // what decided: the releases (image tags, chart versions), else revisions
  const what = step.comparedBy === 'release' ? 'release' : 'revision';
  switch (step.status) {
    case 'in-sync':
      return `${step.to} runs what ${step.from} runs`;
    case 'behind': {
      const count =
        step.revisionsBehind === undefined
          ? 'behind'
          : `${step.revisionsBehind} revision${
              step.revisionsBehind === 1 ? '' : 's'
            } behind`;
      const since =
        step.behindForSeconds === undefined
          ? ''
          : ` for ${formatDuration(step.behindForSeconds)}`;
      return `${step.to} is ${count} ${step.from}${since}`;
    }
    case 'ahead':
      return `${step.to} runs a newer ${what} than ${step.from}`;
    default:
      return `${step.to} and ${step.from} run different ${what}s`;
  }
}

const STATUS_LABEL: Record<PromotionStep['status'], string> = {
  'in-sync': 'in sync',
  behind: 'behind',
  ahead: 'ahead',
  unknown: 'differs',
};

/**
 * A step's promotion: the open pull request that already makes it, else
 * the button that opens the promotion template.
 */
function PromotionAction(props: {
  step: PromotionStep;
  entityRef: string;
  pullRequests?: PromotionPullRequest[];
  /** What should stop someone promoting to the step's environment. */
  blockers: ActionBlocker[];
}) {
  const { step, entityRef, pullRequests, blockers } = props;
  if (!step.promotion) return null;
  const open = openPromotion(step.promotion, pullRequests);
  if (open) {
    return (
      <Link to={open.htmlUrl} title={open.title}>
        PR #{open.number} open
      </Link>
    );
  }
  return (
    <>
      <LinkButton
        to={promotionLink(entityRef, step.promotion)}
        variant="outlined"
        size="small"
        color="primary"
      >
        Promote {step.promotion.tag} to {step.to}
      </LinkButton>
      {blockers.length > 0 && (
        <WrapRow justifyContent="flex-end" mt={0.5} gap={4}>
          <ActionBlockerChips blockers={blockers} />
        </WrapRow>
      )}
    </>
  );
}

/** Each step of the promotion order, as a table. */
function PromotionSteps(props: {
  insight: PromotionInsightValue;
  entityRef: string;
  pullRequests?: PromotionPullRequest[];
  blockersOf: (environment: string) => ActionBlocker[];
}) {
  const { insight, entityRef, pullRequests, blockersOf } = props;
  const byName = new Map(insight.environments.map(e => [e.environment, e]));
  return (
    <>
      <UnansweredAgentsAlert errors={insight.errors} />
      {insight.steps.length === 0 ? (
        <Typography color="textSecondary">
          Promotion needs the service in at least two environments.
        </Typography>
      ) : (
        <CompactTable
          label="Promotion"
          headings={['Step', 'Status', 'From', 'To', {}]}
        >
          {insight.steps.map(step => (
            <TableRow key={`${step.from}-${step.to}`}>
              <TableCell component="th" scope="row" style={wrapAtWords}>
                {step.from} → {step.to}
              </TableCell>
              <TableCell>
                {step.status === 'behind' ? (
                  <StatusChip
                    label={STATUS_LABEL[step.status]}
                    color={ATTENTION_RED}
                  />
                ) : (
                  <Chip size="small" label={STATUS_LABEL[step.status]} />
                )}
                <Typography variant="caption" component="div">
                  {describe(step)}
                </Typography>
              </TableCell>
              <TableCell>
                <Running state={byName.get(step.from)} />
              </TableCell>
              <TableCell>
                <Running state={byName.get(step.to)} />
              </TableCell>
              <TableCell align="right">
                <PromotionAction
                  step={step}
                  entityRef={entityRef}
                  pullRequests={pullRequests}
                  blockers={blockersOf(step.to)}
                />
              </TableCell>
            </TableRow>
          ))}
        </CompactTable>
      )}
    </>
  );
}

/**
 * What separates each environment from the next in promotion order, with
 * a button that opens the promotion template prefilled for the next one,
 * or the link to the open pull request that already promotes it.
 */
export function PromotionInsight(
  props: {
    /** The entity's applications, to find those a promotion deploys to. */
    applications?: GitOpsApplication[];
    /** What should stop someone acting on each application, by key. */
    blockers?: Map<string, ActionBlocker[]>;
  } = {},
) {
  const { entityRef, ...state } = usePromotionInsight();
  const blockersOf = (environment: string) =>
    environmentBlockers(props.applications ?? [], props.blockers, environment);
  const pullRequests = usePromotionPullRequests().value?.pullRequests;
  return (
    <InfoCard
      title="Promotion"
      subheader="What separates each environment from the next"
    >
      <LiveContent state={state}>
        {value => (
          <PromotionSteps
            insight={value}
            entityRef={entityRef}
            pullRequests={pullRequests}
            blockersOf={blockersOf}
          />
        )}
      </LiveContent>
    </InfoCard>
  );
}
