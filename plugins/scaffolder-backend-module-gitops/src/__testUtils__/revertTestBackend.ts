import { createRevertAction } from '../actions/revert';
import { hubScenario } from './hubScenario';
import {
  GitOpsTestBackend,
  gitopsEntity,
  startGitOpsTestBackend,
} from './startGitOpsTestBackend';

/**
 * The gitops backend the gitops:revert tests run against: Argo CD agent
 * `hub` deploys service payments (component payments) from
 * acme/payments-deploy on the sandbox's git host, a GitHub integration, so
 * a revert opens a real pull request there. `seed` names the scenario.
 */
export function startRevertTestBackend(
  seed: string,
): Promise<GitOpsTestBackend> {
  return startGitOpsTestBackend({
    scenario: hubScenario(seed, {
      services: [
        {
          name: 'payments',
          repo: 'https://github.com/acme/payments-deploy.git',
          project: 'shop',
          agents: ['hub'],
        },
      ],
    }),
    entities: [gitopsEntity('payments')],
    gitHost: true,
  });
}

/** gitops:revert as the module makes it, calling that backend. */
export function revertActionOf(gitops: GitOpsTestBackend) {
  return createRevertAction({
    client: gitops.client,
    permissions: gitops.permissions,
  });
}
