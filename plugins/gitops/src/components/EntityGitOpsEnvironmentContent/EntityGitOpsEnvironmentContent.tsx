import {
  EmptyState,
  Progress,
  ResponseErrorPanel,
  Table,
} from '@backstage/core-components';
import { useEntity } from '@backstage/plugin-catalog-react';
import { useMemo } from 'react';
import {
  FleetScope,
  useEnvironmentApplications,
} from '../../hooks/useEnvironmentApplications';
import { useClaimingEntities } from '../../hooks/useClaimingEntities';
import { useSelectedApplication } from '../../hooks/useSelectedApplication';
import { ApplicationDrawer } from '../ApplicationDrawer';
import { AgentErrorBanners } from '../AgentErrorBanners';
import { TruncatedListNotice } from '../TruncatedListNotice';
import { listTableOptions } from '../WordWrapTableHead';
import { deploymentColumns, toDeploymentRow } from './columns';
import {
  CLUSTER_ANNOTATION,
  ENVIRONMENT_ANNOTATION,
  fleetScopeOf,
} from './fleetScope';
import { rowClickOpens } from '../../lib/rowClickOpens';

/** What the tab lists, for people: an environment, a cluster or an agent. */
function scopeLabel(scope: FleetScope): string {
  if (scope.environment) return `environment ${scope.environment}`;
  if (scope.cluster) return `cluster ${scope.cluster}`;
  return `agent ${scope.agent}`;
}

function Deployments(props: FleetScope) {
  const { value, loading, error } = useEnvironmentApplications(props);
  const items = useMemo(() => value?.items ?? [], [value]);
  const claims = useClaimingEntities(items);
  const rows = useMemo(
    () => items.map(app => toDeploymentRow(app, claims)),
    [items, claims],
  );
  // a row opens its application's drawer (in the URL), on behalf of the
  // entity claiming it; an application no entity claims opens nothing
  const [selectedRow, setSelected] = useSelectedApplication(rows);
  const selected = selectedRow?.entityRefs?.length ? selectedRow : undefined;
  if (loading) return <Progress />;
  if (error && !value) return <ResponseErrorPanel error={error} />;
  const where = scopeLabel(props);
  return (
    <>
      <AgentErrorBanners errors={value?.errors} />
      <TruncatedListNotice list={value} />
      <Table
        title={`Applications deployed in ${where} (${
          value?.truncated
            ? `${rows.length.toLocaleString(
                'en',
              )} of ${value.total.toLocaleString('en')}`
            : rows.length
        })`}
        columns={deploymentColumns}
        data={rows}
        options={listTableOptions(rows.length)}
        onRowClick={rowClickOpens<(typeof rows)[number]>(setSelected, row =>
          Boolean(row.entityRefs?.length),
        )}
        emptyContent={
          <div style={{ padding: 16 }}>No application is deployed here.</div>
        }
      />
      <ApplicationDrawer
        entityRef={selected?.entityRefs?.[0] ?? ''}
        application={selected}
        onClose={() => setSelected(undefined)}
      />
    </>
  );
}

/**
 * For a Resource entity that stands for an environment or a cluster: which
 * services run there, at which revision and in which state.
 */
export function EntityGitOpsEnvironmentContent() {
  const { entity } = useEntity();
  const scope = fleetScopeOf(entity);
  if (!scope) {
    return (
      <EmptyState
        missing="field"
        title="Not a GitOps environment or cluster"
        description={`Give this Resource spec.type "environment" or "kubernetes-cluster", or the ${ENVIRONMENT_ANNOTATION} or ${CLUSTER_ANNOTATION} annotation.`}
      />
    );
  }
  return <Deployments {...scope} />;
}
