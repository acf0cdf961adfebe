import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { isGitOpsEnvironment } from '../components/EntityGitOpsEnvironmentContent';

/**
 * The "GitOps" tab of every Component, also where nothing is annotated yet:
 * its empty state explains the annotations to add.
 */
export const entityGitOpsContent = EntityContentBlueprint.make({
  name: 'entity',
  params: {
    path: 'gitops',
    title: 'GitOps',
    filter: { kind: 'component' },
    loader: () =>
      import('../components/EntityGitOpsContent').then(m => (
        <m.EntityGitOpsContent />
      )),
  },
});

/**
 * The "Deployments" tab of environment, cluster and agent Resources: the services
 * running there.
 */
export const entityGitOpsEnvironmentContent = EntityContentBlueprint.make({
  name: 'environment',
  params: {
    path: 'gitops',
    title: 'Deployments',
    filter: isGitOpsEnvironment,
    loader: () =>
      import('../components/EntityGitOpsEnvironmentContent').then(m => (
        <m.EntityGitOpsEnvironmentContent />
      )),
  },
});
