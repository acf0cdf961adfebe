import { Progress, ResponseErrorPanel } from '@backstage/core-components';
import { useEntity } from '@backstage/plugin-catalog-react';
import { isGitOpsAvailable } from '@gitops-suite/plugin-gitops-common';
import Grid from '@material-ui/core/Grid';
import { useMemo } from 'react';
import { useEntityApplications } from '../../hooks/useEntityApplications';
import { useEntityApplicationSets } from '../../hooks/useEntityApplicationSets';
import { useEntityBlockers } from '../../hooks/useEntityBlockers';
import { useEntityCanaries } from '../../hooks/useEntityCanaries';
import { useSelectedApplication } from '../../hooks/useSelectedApplication';
import { entityOutage } from '../../lib/agentOutage';
import { hasStatus } from '../../lib/errorMessage';
import { AgentErrorBanners } from '../AgentErrorBanners';
import { ApplicationDrawer } from '../ApplicationDrawer';
import { ApplicationsTable } from '../ApplicationsTable';
import { EnvironmentMatrix } from '../EnvironmentMatrix';
import { PromotionInsight } from '../PromotionInsight';
import { rolloutPlaces } from '../RolloutSteps';
import { PromotionPullRequests } from '../PromotionPullRequests';
import {
  MissingGitOpsAnnotation,
  NoMatchingApplications,
} from '../GitOpsEmptyState';

/**
 * Props of {@link EntityGitOpsContent}.
 * @public
 */
export interface EntityGitOpsContentProps {
  /** How often to refresh in the background while visible; 30 s by default. */
  refreshIntervalMs?: number;
  /** Pacing of followed operations (tests shorten it). */
  operationOptions?: { pollIntervalMs?: number; timeoutMs?: number };
}

function GitOpsApplications(props: EntityGitOpsContentProps) {
  const { value, loading, error, retry, entityRef } = useEntityApplications({
    intervalMs: props.refreshIntervalMs,
  });
  const sets = useEntityApplicationSets(entityRef);
  const rollouts = useMemo(
    () => rolloutPlaces(sets.value?.items),
    [sets.value],
  );
  const applications = useMemo(
    () => value?.environments.flatMap(group => group.applications) ?? [],
    [value],
  );
  // the open drawer is in the URL: it can be linked and reloaded
  const [selected, setSelected] = useSelectedApplication(applications);
  const blockers = useEntityBlockers(entityRef, applications);
  const canaries = useEntityCanaries(entityRef, applications);

  if (loading) {
    return <Progress />;
  }
  if (error && !value) {
    return hasStatus(error, 404) ? (
      <MissingGitOpsAnnotation />
    ) : (
      <ResponseErrorPanel error={error} />
    );
  }
  if (!value) {
    return null;
  }
  const outage = entityOutage(value);
  const errors = (
    <AgentErrorBanners
      errors={outage.errors}
      shownFromLastState={[...outage.unreachable.keys()]}
    />
  );
  if (applications.length === 0) {
    return (
      <>
        {errors}
        {outage.errors.length === 0 && <NoMatchingApplications />}
      </>
    );
  }
  return (
    <>
      {errors}
      <Grid container spacing={3}>
        <Grid item xs={12}>
          <EnvironmentMatrix
            environments={value.environments}
            onSelect={setSelected}
            unreachable={outage.unreachable}
            rollouts={rollouts}
            canaries={canaries}
            blockers={blockers}
          />
        </Grid>
        {value.environments.length > 1 && (
          <Grid item xs={12}>
            <PromotionInsight applications={applications} blockers={blockers} />
          </Grid>
        )}
        <Grid item xs={12}>
          <PromotionPullRequests
            applications={applications}
            blockers={blockers}
          />
        </Grid>
        <Grid item xs={12}>
          <ApplicationsTable
            applications={applications}
            onSelect={setSelected}
            blockers={blockers}
            rollouts={rollouts}
            canaries={canaries}
          />
        </Grid>
      </Grid>
      <ApplicationDrawer
        entityRef={entityRef}
        application={selected}
        onClose={() => setSelected(undefined)}
        onChanged={retry}
        operationOptions={props.operationOptions}
      />
    </>
  );
}

/**
 * The entity's GitOps tab: the environment matrix, every application in a
 * table, per-agent error banners, and details with operations in a drawer.
 * Without GitOps annotations it explains which ones to add.
 */
export function EntityGitOpsContent(props: EntityGitOpsContentProps = {}) {
  const { entity } = useEntity();
  if (!isGitOpsAvailable(entity)) {
    return <MissingGitOpsAnnotation />;
  }
  return <GitOpsApplications {...props} />;
}
