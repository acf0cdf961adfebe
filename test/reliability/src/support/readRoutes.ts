/*
 * The GitOps API's read routes the reliability suites call on their
 * scenario (components payments and risk on agents nonprod, prod and hx).
 */

/** The API's path of one of a component's applications. */
export const applicationPath = (entity: string, agent: string, name: string) =>
  `/api/gitops/entity/default/component/${entity}/applications/${agent}/${name}`;

/** The reads over the whole fleet, and the nonprod agent's ApplicationSets. */
export const FLEET_READS = [
  '/api/gitops/repositories',
  '/api/gitops/clusters',
  '/api/gitops/agents',
  '/api/gitops/environments',
  '/api/gitops/fleet/applications',
  '/api/gitops/fleet/summary',
  '/api/gitops/audit',
  '/api/gitops/drift',
  '/api/gitops/agents/nonprod/applicationsets',
];

/** The entity tab's first reads of the payments component. */
export const PAYMENTS_READS = [
  '/api/gitops/entity/default/component/payments/applications',
  '/api/gitops/entity/default/component/payments/events',
  '/api/gitops/entity/default/component/payments/syncwindows',
];
