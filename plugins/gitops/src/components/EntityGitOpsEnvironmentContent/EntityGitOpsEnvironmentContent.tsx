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
import { useServiceEntities } from '../../hooks/useServiceEntities';
import { AgentErrorBanners } from '../AgentErrorBanners';
import { TruncatedListNotice } from '../TruncatedListNotice';
import { deploymentColumns, toDeploymentRow } from './columns';
import {
  CLUSTER_ANNOTATION,
  ENVIRONMENT_ANNOTATION,
  fleetScopeOf,
} from './fleetScope';

function Deployments(props: FleetScope) {
  const { value, loading, error } = useEnvironmentApplications(props);
  const owners = useServiceEntities(
    (value?.items ?? []).flatMap(app => (app.service ? [app.service] : [])),
  );
  const rows = useMemo(
    () => (value?.items ?? []).map(app => toDeploymentRow(app, owners)),
    [value, owners],
  );
  if (loading) return <Progress />;
  if (error && !value) return <ResponseErrorPanel error={error} />;
  const where = props.environment
    ? `environment ${props.environment}`
    : `cluster ${props.cluster}`;
  return (
    <>
      <AgentErrorBanners errors={value?.errors} />
      <TruncatedListNotice list={value} />
      <Table
        title={`Services running in ${where} (${
          value?.truncated
            ? `${rows.length.toLocaleString(
                'en',
              )} of ${value.total.toLocaleString('en')}`
            : rows.length
        })`}
        columns={deploymentColumns}
        data={rows}
        options={{
          paging: rows.length > 25,
          pageSize: 25,
          padding: 'dense',
          search: true,
          // column dragging nests a focusable handle in each sort button
          draggable: false,
        }}
        emptyContent={
          <div style={{ padding: 16 }}>No application is deployed here.</div>
        }
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
