import { EntityCardBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { isGitOpsAvailable } from '@gitops-suite/plugin-gitops-common';
import { isGitOpsAgent } from '../components/AgentHealth/EntityGitOpsAgentCard';
import { isEnvironmentResource } from '../components/EnvironmentComponentsCard';

/** Where each environment runs what, on the overview of GitOps entities. */
export const entityGitOpsOverviewCard = EntityCardBlueprint.make({
  name: 'overview',
  params: {
    filter: isGitOpsAvailable,
    loader: () =>
      import('../components/EntityGitOpsOverviewCard').then(m => (
        <m.EntityGitOpsOverviewCard />
      )),
  },
});

/**
 * Deployment frequency, lead time, change failure rate and time to restore
 * per environment.
 */
export const entityDeliveryMetricsCard = EntityCardBlueprint.make({
  name: 'delivery-metrics',
  params: {
    filter: isGitOpsAvailable,
    loader: () =>
      import('../components/DeliveryMetricsCard').then(m => (
        <m.DeliveryMetricsCard />
      )),
  },
});

/**
 * What separates each environment from the next, with a prefilled
 * promotion (the Promote button, shown to the entity's owners).
 */
export const entityPromotionInsightCard = EntityCardBlueprint.make({
  name: 'promotion-insight',
  params: {
    filter: isGitOpsAvailable,
    loader: () =>
      import('../components/PromotionInsight').then(m => (
        <m.PromotionInsight />
      )),
  },
});

/**
 * A GitOps agent's health on its Resource page (`spec.type: gitops-agent`):
 * connectivity, release and upgrade, high availability, each component.
 */
export const entityGitOpsAgentCard = EntityCardBlueprint.make({
  name: 'agent-health',
  params: {
    filter: isGitOpsAgent,
    loader: () =>
      import('../components/AgentHealth').then(m => (
        <m.EntityGitOpsAgentCard />
      )),
  },
});

/**
 * The components running in an environment, grouped by system, on the
 * overview of environment Resources: where the app hides the catalog's
 * relations graph (app-config.yaml), which cannot be read at dozens of
 * nodes.
 */
export const entityEnvironmentComponentsCard = EntityCardBlueprint.make({
  name: 'environment-components',
  params: {
    filter: isEnvironmentResource,
    loader: () =>
      import('../components/EnvironmentComponentsCard').then(m => (
        <m.EnvironmentComponentsCard />
      )),
  },
});
