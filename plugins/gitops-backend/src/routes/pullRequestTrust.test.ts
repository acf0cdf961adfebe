import { componentEntity, waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { gitHostRepo, openPullRequest } from '../testUtils/gitHostPullRequests';

jest.setTimeout(60_000);

/*
 * A merge is a deploy write: the pull request's changed files decide, not
 * the entity it is merged through. A component of team-a whose annotations
 * claim team-b's checkout (anyone may register such an entity) must not
 * merge checkout's promotion; checkout's own component may; a change
 * outside every overlay touches every application of the repository.
 */
const scenario = shopFleet('gitops-backend-pull-request-trust-test', {
  services: {
    payments: { agents: ['nonprod'], project: 'payments' },
    checkout: { agents: ['nonprod'], project: 'checkout' },
  },
  agents: ['nonprod'],
});

const entity = (name: string) =>
  `/api/gitops/entity/default/component/${name}/pull-requests`;

describe('merging a promotion pull request: the changed files decide', () => {
  const env = useShopFleet(scenario, {
    gitHost: true,
    gitops: {
      projects: [
        { name: 'payments', owners: ['group:default/team-a'] },
        { name: 'checkout', owners: ['group:default/team-b'] },
      ],
    },
    entities: [
      componentEntity('payments', { 'gitops/service': 'payments' }),
      componentEntity('checkout', { 'gitops/service': 'checkout' }, 'team-b'),
      // team-a's entity that claims team-b's applications
      componentEntity('payments-tools', { 'gitops/service': 'checkout' }),
    ],
  });

  /** Opens a promotion pull request that writes `files` on `repo`. */
  const openPromotion = async (
    repo: string,
    branch: string,
    files: Record<string, string>,
  ) => {
    const { pull, head } = await openPullRequest(env, repo, { branch, files });
    return { number: pull.number as number, main: head.sha as string };
  };

  const mainOf = async (repo: string) =>
    (await gitHostRepo(env, repo)('GET', '/branches/main')).commit
      .sha as string;

  const merge = (through: string, repo: string, number: number) =>
    env
      .api()
      .post(`${entity(through)}/merge`)
      .set('Authorization', env.auth)
      .send({
        repoUrl: `${env.sandbox.gitHost!.baseUrl}/acme/${repo}.git`,
        number,
      });

  /** Waits until the entity's page lists the pull request (the fleet state has loaded). */
  const listed = (through: string, number: number) =>
    waitFor(`pull request #${number} listed for ${through}`, async () => {
      const res = await env
        .api()
        .get(entity(through))
        .set('Authorization', env.auth);
      return res.body.pullRequests?.some(
        (p: { number: number }) => p.number === number,
      )
        ? true
        : undefined;
    });

  it("refuses a merge of another team's promotion through an entity that claims its applications, and changes nothing", async () => {
    const pr = await openPromotion('checkout-deploy', 'promote-dev-6.6.6', {
      'overlays/dev/kustomization.yaml':
        'images:\n  - name: x\n    newTag: 6.6.6\n',
    });
    await listed('payments-tools', pr.number);
    const res = await merge('payments-tools', 'checkout-deploy', pr.number);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain(
      'Not allowed: gitops.pullrequest.merge on component:default/payments-tools: application checkout-dev on agent nonprod, which deploys the changed files of',
    );
    expect(res.body.error.message).toContain(
      'project checkout belongs to group:default/team-b, not to group:default/team-a',
    );
    expect(await mainOf('checkout-deploy')).toBe(pr.main);

    // the same pull request through checkout's own component: its owners merge
    const owned = await merge('checkout', 'checkout-deploy', pr.number);
    expect(owned.status).toBe(200);
    expect(await mainOf('checkout-deploy')).toBe(owned.body.sha);
  });

  it('reads a change outside every overlay as a change of every application of the repository', async () => {
    const shared = await openPromotion('checkout-deploy', 'promote-dev-base', {
      'base/deployment.yaml': 'kind: Deployment\n',
    });
    await listed('payments-tools', shared.number);
    const refused = await merge(
      'payments-tools',
      'checkout-deploy',
      shared.number,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('application checkout-dev');
    expect(await mainOf('checkout-deploy')).toBe(shared.main);

    const own = await openPromotion('payments-deploy', 'promote-dev-base', {
      'base/deployment.yaml': 'kind: Deployment\n',
    });
    await listed('payments', own.number);
    const merged = await merge('payments', 'payments-deploy', own.number);
    expect(merged.status).toBe(200);
  });
});
