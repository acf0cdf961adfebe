import { InputError } from '@backstage/errors';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { shopService } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { createAuthorizeAction } from './authorize';
import { runAction, notAllowed } from '../__testUtils__/runAction';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';
import { hubScenario } from '../__testUtils__/hubScenario';
import { groupEntity } from '../__testUtils__/serviceFixtures';

jest.setTimeout(30_000);

/*
 * gitops:authorize with a repoUrl, against the real gitops backend plugin
 * over a sandbox Argo CD agent `hub` that deploys team-a's payments
 * (project shop) and team-b's checkout (project checkout) from their
 * deploy repositories: the backend's one write decision answers whether
 * the entity's owners may write the repository.
 */
const scenario = hubScenario('scaffolder-authorize-test', {
  services: [
    shopService('payments', { agents: ['hub'] }),
    shopService('checkout', { project: 'checkout', agents: ['hub'] }),
  ],
});

describe('gitops:authorize', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      entities: [gitopsEntity('payments'), groupEntity('team-a')],
      gitops: {
        projects: [
          { name: 'shop', owners: ['group:default/team-a'] },
          { name: 'checkout', owners: ['group:default/team-b'] },
        ],
      },
    }),
  );

  const run = (input: Record<string, unknown>) =>
    runAction(
      createAuthorizeAction({
        permissions: gitops.permissions,
        client: gitops.client,
      }),
      input,
    );

  it("allows the owners' own repository, deployed from", async () => {
    const ctx = await run({
      entityRef: 'component:default/payments',
      permission: 'gitops.promote',
      repoUrl: 'github.com?owner=acme&repo=payments-deploy',
      paths: ['deploy/overlays/prod/kustomization.yaml'],
      deployed: true,
    });
    expect(ctx.logger.info).toHaveBeenCalledWith(
      'gitops.promote on component:default/payments writing github.com?owner=acme&repo=payments-deploy: allowed for the user who started this task',
    );
  });

  it("refuses another team's repository, naming its applications", async () => {
    const denied = run({
      entityRef: 'component:default/payments',
      permission: 'gitops.promote',
      repoUrl: 'https://github.com/acme/checkout-deploy.git',
    });
    // no paths: the whole repository, so both of checkout's applications
    await expect(denied).rejects.toMatchObject(
      notAllowed(
        /^gitops:authorize: not allowed to write https:\/\/github\.com\/acme\/checkout-deploy\.git for component:default\/payments \(owners: group:default\/team-a\): application checkout-dev on agent hub, .*: project checkout belongs to group:default\/team-b, not to group:default\/team-a; application checkout-prod on agent hub, /,
      ),
    );
  });

  it("refuses another team's repository for a new service of a team too", async () => {
    // gitops-service's first step: the team, not a component, is the entity
    await expect(
      run({
        entityRef: 'group:default/team-a',
        permission: 'gitops.applicationset.create',
        repoUrl: 'github.com?owner=acme&repo=checkout-deploy',
      }),
    ).rejects.toThrow(
      /not allowed to write github\.com\?owner=acme&repo=checkout-deploy for group:default\/team-a .*project checkout belongs to group:default\/team-b/,
    );
  });

  it('allows a new repository (nobody deploys from it) without deployed, and refuses it with deployed', async () => {
    const input = {
      entityRef: 'group:default/team-a',
      permission: 'gitops.applicationset.create',
      repoUrl: 'github.com?owner=acme&repo=orders',
    };
    const ctx = await run(input);
    expect(ctx.logger.info).toHaveBeenCalledWith(
      'gitops.applicationset.create on group:default/team-a writing github.com?owner=acme&repo=orders: allowed for the user who started this task',
    );
    await expect(run({ ...input, deployed: true })).rejects.toThrow(
      'repository github.com?owner=acme&repo=orders: no application deploys from it, so it is no deployment of group:default/team-a',
    );
  });

  it('refuses what names no repository', async () => {
    await expect(
      run({
        entityRef: 'component:default/payments',
        permission: 'gitops.promote',
        repoUrl: 'github.com?owner=acme',
      }),
    ).rejects.toThrow(
      'repository github.com?owner=acme: it is not a repository URL',
    );
  });

  it('refuses a repoUrl with a permission that writes no repository, before any call', async () => {
    const decide = jest.spyOn(gitops.client, 'decideGitWrite');
    const wrong = run({
      entityRef: 'component:default/payments',
      permission: 'gitops.application.sync',
      repoUrl: 'github.com?owner=acme&repo=payments-deploy',
    });
    await expect(wrong).rejects.toBeInstanceOf(InputError);
    await expect(wrong).rejects.toThrow(
      'gitops:authorize: permission gitops.application.sync does not write a repository; give repoUrl with gitops.promote or gitops.applicationset.create',
    );
    expect(decide).not.toHaveBeenCalled();
    decide.mockRestore();
  });

  it('refuses an entity the user may not change before asking about the repository', async () => {
    gitops.denied.add('gitops.promote component:default/payments');
    await expect(
      run({
        entityRef: 'component:default/payments',
        permission: 'gitops.promote',
        repoUrl: 'github.com?owner=acme&repo=payments-deploy',
      }),
    ).rejects.toThrow(
      'gitops:authorize: not allowed: gitops.promote on component:default/payments for the user who started this task',
    );
  });
});
