import {
  shopNonprodAgent,
  shopScenario,
  shopService,
  useGitOpsTestBackend,
} from '../testUtils';
import { startShopFleet } from '../testUtils/startShopFleet';

jest.setTimeout(60_000);

/*
 * An entity whose applications deploy from github.com, on an install that
 * configures no GitHub integration (the machine may have no internet): its
 * pull-request list says plainly that the repository's host is not a
 * configured git host, and reads nothing from it.
 */
const scenario = shopScenario('gitops-backend-pull-request-hosts-test', {
  services: [shopService('payments', { agents: ['nonprod'] })],
  agents: [shopNonprodAgent({ syncDurationMs: 50 })],
});

const PATH = '/api/gitops/entity/default/component/payments/pull-requests';

describe('promotion pull requests on a host the install does not configure', () => {
  const env = useGitOpsTestBackend(() => startShopFleet(scenario));

  it('names the repository and its unconfigured host instead of a fetch error', async () => {
    const res = await env.api().get(PATH).set('Authorization', env.auth);
    expect({
      status: res.status,
      body: res.status === 200 ? undefined : res.body,
    }).toEqual({ status: 200 });
    expect(res.body.pullRequests).toEqual([]);
    expect(res.body.errors).toEqual([
      {
        repoUrl: 'https://github.com/acme/payments-deploy.git',
        message:
          'https://github.com/acme/payments-deploy.git is on github.com, which is not a configured git host (integrations.github): its pull requests are not listed.',
      },
    ]);
  });
});
