import { gitopsPermissions } from '@gitops-suite/plugin-gitops-common';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { shopService } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { AUTHORIZE_ACTION_ID, createAuthorizeAction } from './authorize';
import { examples } from './authorize.examples';
import { exampleSteps, runAction } from '../__testUtils__/runAction';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';
import { groupEntity } from '../__testUtils__/serviceFixtures';

jest.setTimeout(30_000);

/*
 * Each documented example against the real gitops backend plugin over a
 * sandbox Argo CD agent `hub` that deploys team-a's payments-api from
 * acme/payments-api-deploy: the permission is asked of the harness's
 * permission service, and a repoUrl is decided by the backend.
 */
describe('gitops:authorize examples', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-authorize-examples', {
        services: [shopService('payments-api', { agents: ['hub'] })],
      }),
      entities: [gitopsEntity('payments-api'), groupEntity('team-a')],
    }),
  );

  it.each(exampleSteps(examples))('%s', async (_, step) => {
    expect(step.action).toBe(AUTHORIZE_ACTION_ID);
    const { entityRef, repoUrl } = step.input as Record<string, string>;
    const ctx = await runAction(
      createAuthorizeAction({
        permissions: gitops.permissions,
        client: gitops.client,
      }),
      step.input,
    );
    const permission = gitopsPermissions.find(
      p => p.name === step.input.permission,
    );
    expect(gitops.permissions.authorize).toHaveBeenCalledWith(
      [{ permission, resourceRef: entityRef }],
      expect.anything(),
    );
    expect(ctx.logger.info).toHaveBeenCalledWith(
      `${step.input.permission} on ${entityRef}${
        repoUrl ? ` writing ${repoUrl}` : ''
      }: allowed for the user who started this task`,
    );
  });

  it('holds an example of each kind of check: the entity alone, a deployed repository, a new one', () => {
    expect(
      exampleSteps(examples).map(([, step]) => [
        step.input.repoUrl !== undefined,
        step.input.deployed === true,
      ]),
    ).toEqual([
      [false, false],
      [true, true],
      [true, false],
    ]);
  });
});
