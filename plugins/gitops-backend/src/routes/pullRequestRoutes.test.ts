import { waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { openPullRequest } from '../testUtils/gitHostPullRequests';

jest.setTimeout(60_000);

/*
 * Promotion pull requests on the sandbox's git host, configured as a GitHub
 * integration: the entity lists them through Octokit, an owner merges one
 * (permission-gated, audited), and the merge reaches the agent, whose
 * applications then point at the merge commit.
 */
const scenario = shopFleet('gitops-backend-pull-requests-test', {
  services: { payments: { agents: ['nonprod', 'prod'] } },
  agents: ['nonprod', 'prod'],
});

const PATH = '/api/gitops/entity/default/component/payments/pull-requests';

describe('promotion pull request routes (git host of the sandbox)', () => {
  const env = useShopFleet(scenario, {
    gitHost: true,
    // a merge is a deploy write: its applications' project must be mapped
    // to their owners
    gitops: {
      projects: [{ name: 'shop', owners: ['group:default/team-a'] }],
    },
  });

  /** Opens a promotion of payments to `tag` in `overlay` on the host. */
  const openPromotion = async (
    branch: string,
    overlay: string,
    tag: string,
  ) => {
    const { pull } = await openPullRequest(env, 'payments-deploy', {
      branch,
      files: {
        [`${overlay}/kustomization.yaml`]: `images:\n  - name: ghcr.io/acme/payments\n    newTag: ${tag}\n`,
      },
      message: `Promote ${tag}`,
      title: `Promote payments ${tag}`,
    });
    return pull;
  };

  it('lists the open promotion pull requests with the environment each promotes to', async () => {
    const opened = await openPromotion(
      'promote-prod-9.9.9',
      'overlays/prod',
      '9.9.9',
    );
    const res = await env.api().get(PATH).set('Authorization', env.auth);
    expect({
      status: res.status,
      body: res.status === 200 ? undefined : res.body,
    }).toEqual({ status: 200 });
    expect(res.body.errors).toEqual([]);
    expect(res.body.pullRequests).toEqual([
      expect.objectContaining({
        number: opened.number,
        environment: 'prod',
        tag: '9.9.9',
        branch: 'promote-prod-9.9.9',
        htmlUrl: `${env.sandbox.gitHost!.baseUrl}/acme/payments-deploy/pull/${
          opened.number
        }`,
        repoUrl: `${env.sandbox.gitHost!.baseUrl}/acme/payments-deploy.git`,
      }),
    ]);
    const page = await fetch(res.body.pullRequests[0].htmlUrl);
    expect(page.status).toBe(200);
  });

  it('refuses a merge without gitops.pullrequest.merge, and records the refusal', async () => {
    const list = await env.api().get(PATH).set('Authorization', env.auth);
    const { repoUrl, number } = list.body.pullRequests[0];
    env.denied.add('gitops.pullrequest.merge');
    const res = await env
      .api()
      .post(`${PATH}/merge`)
      .set('Authorization', env.auth)
      .send({ repoUrl, number });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(
      'Not allowed: gitops.pullrequest.merge on component:default/payments',
    );
    const still = await env.api().get(PATH).set('Authorization', env.auth);
    expect(
      still.body.pullRequests.map((p: { number: number }) => p.number),
    ).toEqual([number]);
  });

  it('merges for an owner; the agent moves its applications to the merge commit', async () => {
    const list = await env.api().get(PATH).set('Authorization', env.auth);
    const { repoUrl, number } = list.body.pullRequests[0];
    const res = await env
      .api()
      .post(`${PATH}/merge`)
      .set('Authorization', env.auth)
      .send({ repoUrl, number });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      merged: true,
      pullRequest: { number, environment: 'prod' },
    });
    expect(res.body.sha).toMatch(/^[0-9a-f]{40}$/);
    const after = await env.api().get(PATH).set('Authorization', env.auth);
    expect(after.body.pullRequests).toEqual([]);

    const prod = await waitFor(
      'payments-prod to compare against the merge commit',
      async () => {
        const apps = await env
          .api()
          .get('/api/gitops/entity/default/component/payments/applications')
          .set('Authorization', env.auth);
        const found = apps.body.environments
          .flatMap(
            (e: {
              applications: Array<{
                name: string;
                sync: { revision?: string };
              }>;
            }) => e.applications,
          )
          .find((a: { name: string }) => a.name === 'payments-prod');
        return found?.sync.revision === res.body.sha ? found : undefined;
      },
    );
    expect(prod.sync.revision).toBe(res.body.sha);

    const events = await env
      .api()
      .get('/api/gitops/entity/default/component/payments/events')
      .set('Authorization', env.auth);
    const merges =
      JSON.stringify(events.body).match(/pullrequest\.merge/g) ?? [];
    expect(merges.length).toBeGreaterThanOrEqual(2); // the refusal and the merge
  });

  it('answers 404 for a pull request that is not open', async () => {
    const repoUrl = `${env.sandbox.gitHost!.baseUrl}/acme/payments-deploy.git`;
    const res = await env
      .api()
      .post(`${PATH}/merge`)
      .set('Authorization', env.auth)
      .send({ repoUrl, number: 999 });
    expect(res.status).toBe(404);
  });
});
