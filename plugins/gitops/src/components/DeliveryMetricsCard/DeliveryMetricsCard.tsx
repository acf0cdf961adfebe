import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useEntity } from '@backstage/plugin-catalog-react';
import { isGitOpsAvailable } from '@gitops-suite/plugin-gitops-common';
import Typography from '@material-ui/core/Typography';
import { useState } from 'react';
import { useDeliveryMetrics } from '../../hooks/useDeliveryMetrics';
import { useEnvironmentTitles } from '../../hooks/useEnvironmentTitles';
import { UnansweredAgentsAlert } from '../AgentErrorBanners';
import { DeliveryMetricsTable } from './DeliveryMetricsTable';
import { WindowSelect } from './WindowSelect';

/**
 * Props of the delivery metrics card (`EntityDeliveryMetricsCard`).
 * @public
 */
export interface DeliveryMetricsCardProps {
  /** Days to look back at first (30 by default). */
  windowDays?: number;
}

function Metrics(props: { windowDays: number }) {
  const { value, loading, error } = useDeliveryMetrics(props.windowDays);
  const title = useEnvironmentTitles();
  if (loading) return <Progress />;
  if (error && !value) return <ResponseErrorPanel error={error} />;
  if (!value) return null;
  return (
    <>
      <UnansweredAgentsAlert errors={value.errors} />
      {value.environments.length === 0 ? (
        <Typography color="textSecondary">
          No GitOps applications match this entity.
        </Typography>
      ) : (
        <DeliveryMetricsTable
          environments={value.environments}
          windowDays={props.windowDays}
          title={title}
        />
      )}
    </>
  );
}

/**
 * The four DORA delivery metrics of the entity per environment: deployment
 * frequency, lead time, change failure rate and time to restore.
 */
export function DeliveryMetricsCard(props: DeliveryMetricsCardProps) {
  const { entity } = useEntity();
  const [windowDays, setWindowDays] = useState(props.windowDays ?? 30);
  return (
    <InfoCard
      title="Delivery metrics"
      subheader={`Last ${windowDays} days, from GitOps history`}
      action={
        <WindowSelect
          id="entity-metrics-window"
          value={windowDays}
          onChange={setWindowDays}
        />
      }
    >
      {isGitOpsAvailable(entity) ? (
        <Metrics windowDays={windowDays} />
      ) : (
        <Typography color="textSecondary">
          Add a gitops/service annotation to see delivery metrics.
        </Typography>
      )}
    </InfoCard>
  );
}
