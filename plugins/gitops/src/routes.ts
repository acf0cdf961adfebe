import { createRouteRef } from '@backstage/core-plugin-api';

/** The fleet page. */
export const rootRouteRef = createRouteRef({ id: 'gitops' });

/** The GitOps tab of a catalog entity. */
export const entityContentRouteRef = createRouteRef({
  id: 'gitops:entity-content',
});

/** The deployments tab of an environment or cluster Resource. */
export const environmentContentRouteRef = createRouteRef({
  id: 'gitops:environment-content',
});
