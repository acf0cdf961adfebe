import { Entity } from '@backstage/catalog-model';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import {
  componentEntity,
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '@gitops-suite/plugin-gitops-backend/testUtils';

/**
 * The fleet the gitops-service runs deploy to: a sandbox Argo CD agent `hub`
 * that serves dev on cluster nonprod and prod on cluster prod, and one
 * service `existing` (its github.com repository moves to the git host when
 * the sandbox runs one, so `acme` is an organization there).
 */
export function serviceScenario(seed: string) {
  return shopScenario(seed, {
    environments: [
      { name: 'dev', cluster: 'nonprod', namespace: '{service}-dev' },
      { name: 'prod', cluster: 'prod', namespace: '{service}-prod' },
    ],
    services: [shopService('existing', { agents: ['hub'] })],
    agents: [
      shopArgoCdAgent('hub', {
        environments: ['dev', 'prod'],
        clusters: ['nonprod', 'prod'],
      }),
    ],
  });
}

/** A team of the catalog. */
export const groupEntity = (name: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Group',
  metadata: { name, namespace: 'default' },
  spec: { type: 'team', children: [] },
});

/** orders as the template's first run registers it (the skeleton's annotations). */
export const ordersEntity = componentEntity('orders', {
  'gitops/service': 'orders',
  'gitops/app-selector': 'gitops/service=orders',
  'gitops/applicationset': 'orders',
});

/** The gitops-service form as a team-a user fills it in for orders on hub. */
export const serviceValues = (overrides: Record<string, unknown> = {}) => ({
  name: 'orders',
  description: 'Takes orders',
  owner: 'group:default/team-a',
  environments: ['dev', 'prod'],
  agentId: 'hub',
  harnessLabels: false,
  ...overrides,
});
