import type { Entity } from '@backstage/catalog-model';
import type { ScenarioInput } from '@gitops-suite/sandbox-agent';

/*
 * Pieces the router, actions and metrics tests share: the dev/qa/prod
 * environments of their sandbox scenarios, the same environments as the
 * plugin's config, and catalog components.
 */

/**
 * The sandbox scenario's environments: dev and qa on the nonprod cluster
 * (automated), prod on its own (manual).
 * @public
 */
export const scenarioEnvironments: NonNullable<ScenarioInput['environments']> =
  [
    {
      name: 'dev',
      cluster: 'nonprod',
      namespace: '{service}-dev',
      syncPolicy: 'automated-prune',
    },
    {
      name: 'qa',
      cluster: 'nonprod',
      namespace: '{service}-qa',
      syncPolicy: 'automated-prune',
    },
    {
      name: 'prod',
      cluster: 'prod',
      namespace: '{service}-prod',
      syncPolicy: 'manual',
    },
  ];

/**
 * `gitops.environments` for them: dev, qa, prod in promotion order.
 * @public
 */
export const configEnvironments = [
  { name: 'dev', order: 1 },
  { name: 'qa', order: 2 },
  { name: 'prod', order: 3, production: true },
];

/**
 * A catalog component owned by `owner` (team-a), with the given annotations.
 * @public
 */
export function componentEntity(
  name: string,
  annotations: Record<string, string>,
  owner = 'team-a',
): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name, namespace: 'default', annotations },
    spec: { type: 'service', lifecycle: 'production', owner },
  };
}
