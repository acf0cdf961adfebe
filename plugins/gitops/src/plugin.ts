import {
  createApiFactory,
  createComponentExtension,
  createPlugin,
  createRoutableExtension,
} from '@backstage/core-plugin-api';
import type { DeliveryMetricsCardProps } from './components/DeliveryMetricsCard';
import type { EntityGitOpsContentProps } from './components/EntityGitOpsContent';
import type { GitOpsFleetPageProps } from './components/GitOpsFleetPage';
import { gitOpsUserIdentityApiRef, noUserIdentity } from './api';
import { gitopsApiFactory } from './api/gitopsApiFactory';
import {
  entityContentRouteRef,
  environmentContentRouteRef,
  rootRouteRef,
} from './routes';

/**
 * The GitOps frontend plugin.
 * @public
 */
export const gitopsPlugin = createPlugin({
  id: 'gitops',
  apis: [
    gitopsApiFactory,
    // no user token: an app whose users sign in through the identity
    // provider the agents trust provides its own (see GitOpsUserIdentityApi)
    createApiFactory(gitOpsUserIdentityApiRef, noUserIdentity),
  ],
  routes: {
    root: rootRouteRef,
    entityContent: entityContentRouteRef,
  },
});

/**
 * The entity "GitOps" tab: environment matrix, applications, details and
 * operations.
 * @public
 */
export const EntityGitOpsContent: (
  props: EntityGitOpsContentProps,
) => JSX.Element = gitopsPlugin.provide(
  createRoutableExtension({
    name: 'EntityGitOpsContent',
    component: () =>
      import('./components/EntityGitOpsContent').then(
        m => m.EntityGitOpsContent,
      ),
    mountPoint: entityContentRouteRef,
  }),
);

/**
 * A compact per-environment summary for the entity overview.
 * @public
 */
export const EntityGitOpsOverviewCard: () => JSX.Element = gitopsPlugin.provide(
  createComponentExtension({
    name: 'EntityGitOpsOverviewCard',
    component: {
      lazy: () =>
        import('./components/EntityGitOpsOverviewCard').then(
          m => m.EntityGitOpsOverviewCard,
        ),
    },
  }),
);

/**
 * The entity's delivery metrics (deployment frequency, lead time, change
 * failure rate, time to restore) per environment, for the overview.
 * @public
 */
export const EntityDeliveryMetricsCard: (
  props: DeliveryMetricsCardProps,
) => JSX.Element = gitopsPlugin.provide(
  createComponentExtension({
    name: 'EntityDeliveryMetricsCard',
    component: {
      lazy: () =>
        import('./components/DeliveryMetricsCard').then(
          m => m.DeliveryMetricsCard,
        ),
    },
  }),
);

/**
 * What separates each environment of the entity from the next, with a
 * prefilled promotion (also shown in the GitOps tab).
 * @public
 */
export const EntityPromotionInsightCard: () => JSX.Element =
  gitopsPlugin.provide(
    createComponentExtension({
      name: 'EntityPromotionInsightCard',
      component: {
        lazy: () =>
          import('./components/PromotionInsight').then(m => m.PromotionInsight),
      },
    }),
  );

/**
 * The services running in an environment or on a cluster (Resource
 * entities of type `environment` or `kubernetes-cluster`).
 * @public
 */
export const EntityGitOpsEnvironmentContent: () => JSX.Element =
  gitopsPlugin.provide(
    createRoutableExtension({
      name: 'EntityGitOpsEnvironmentContent',
      component: () =>
        import('./components/EntityGitOpsEnvironmentContent').then(
          m => m.EntityGitOpsEnvironmentContent,
        ),
      mountPoint: environmentContentRouteRef,
    }),
  );

/**
 * A GitOps agent's health on its Resource page (`spec.type: gitops-agent`):
 * connectivity, release and upgrade, high availability and each
 * component's health and version.
 * @public
 */
export const EntityGitOpsAgentCard: () => JSX.Element = gitopsPlugin.provide(
  createComponentExtension({
    name: 'EntityGitOpsAgentCard',
    component: {
      lazy: () =>
        import('./components/AgentHealth').then(m => m.EntityGitOpsAgentCard),
    },
  }),
);

/**
 * The fleet page: health and sync across agents and clusters.
 * @public
 */
export const GitOpsFleetPage: (props: GitOpsFleetPageProps) => JSX.Element =
  gitopsPlugin.provide(
    createRoutableExtension({
      name: 'GitOpsFleetPage',
      component: () =>
        import('./components/GitOpsFleetPage').then(m => m.GitOpsFleetPage),
      mountPoint: rootRouteRef,
    }),
  );
