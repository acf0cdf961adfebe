import type {
  SchedulerService,
  ServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import { harnessAccountTaskId } from '../createGitOpsServices';
import { sdkMismatches } from '../testUtils/harnessSdk';
import { startGitOpsTestBackend } from '../testUtils/startGitOpsTestBackend';
import { useGitOpsTestBackend } from '../testUtils/useGitOpsTestBackend';
import { waitFor } from '../testUtils/waitFor';

/*
 * Harness agents found through their account (gitops.harness.accounts),
 * against the sandbox's Harness gateway: one account, three agents in it,
 * hx also listed in gitops.agents (its entry wins), hy and hz (account
 * scoped) no entry lists. The account is listed again when a test triggers
 * the scheduler's task (the test backend's scheduler runs tasks on demand).
 */

const API_KEY = 'harness-account-api-key-7f3a9c';
const service = (name: string, agent: string) => ({
  name,
  repo: `https://github.com/acme/${name}-deploy.git`,
  project: 'shop',
  agents: [agent],
});
const harnessAgent = (
  id: string,
  agentIdentifier: string,
  services: string[],
  more: Record<string, unknown> = {},
) => ({
  id,
  kind: 'harness',
  token: API_KEY,
  syncDurationMs: 60,
  region: `${id}-region`,
  environments: [{ name: 'dev', cluster: `${id}-cluster` }],
  services,
  clusters: [
    { name: `${id}-cluster`, server: `https://${id}.example.internal:6443` },
  ],
  harness: {
    accountIdentifier: 'acct123',
    orgIdentifier: 'default',
    projectIdentifier: 'shop',
    agentIdentifier,
    ...more,
  },
});

const scenario = {
  seed: 'discovery',
  environments: [
    {
      name: 'dev',
      cluster: 'c',
      namespace: '{service}-dev',
      syncPolicy: 'manual',
    },
  ],
  projects: [{ name: 'shop' }],
  services: [
    service('web', 'hx'),
    service('ledger', 'hy'),
    service('fx', 'hz'),
  ],
  agents: [
    harnessAgent('hx', 'hxagent', ['web']),
    harnessAgent('hy', 'hyagent', ['ledger'], {
      name: 'ledger-agent',
      foundByAccount: true,
    }),
    harnessAgent('hz', 'account.hzagent', ['fx'], { foundByAccount: true }),
  ],
};

const HY = 'harness.default.shop.hyagent';
const HZ = 'harness.hzagent';

/*
 * Backstage's mock scheduler (typed as a SchedulerService, it is a
 * MockSchedulerService): installed in the test backend, its tasks run when
 * the test triggers them.
 */
const scheduler = mockServices.scheduler() as SchedulerService & {
  factory(): ServiceFactory<SchedulerService>;
};
const logged: string[] = [];

describe('Harness agents found through their account', () => {
  const env = useGitOpsTestBackend(() => {
    for (const level of ['error', 'warn', 'info', 'debug'] as const) {
      jest
        .spyOn(console, level)
        .mockImplementation((...args: unknown[]) =>
          logged.push(args.map(a => JSON.stringify(a) ?? '').join(' ')),
        );
    }
    return startGitOpsTestBackend({
      scenario,
      environments: [{ name: 'dev', order: 1 }],
      harnessAccounts: () => ({ refreshIntervalSeconds: 3600 }),
      features: [
        scheduler.factory(),
        mockServices.rootLogger.factory({ level: 'debug' }),
      ],
    });
  });
  afterAll(() => jest.restoreAllMocks());

  const agents = async () => {
    const res = await env
      .api()
      .get('/api/gitops/agents')
      .set('Authorization', env.auth);
    expect(res.status).toBe(200);
    return res;
  };
  const fleetApps = async (agentId: string) => {
    const res = await env
      .api()
      .get('/api/gitops/fleet/applications')
      .query({ agent: agentId })
      .set('Authorization', env.auth);
    return (res.body.items ?? []).map((app: { name: string }) => app.name);
  };
  const setMember = (agentId: string, member: boolean) =>
    env.agentFetch(agentId, '/_sandbox/harness-account', {
      method: 'POST',
      headers: { 'x-api-key': env.sandbox.agent(agentId).token },
      body: JSON.stringify({ member }),
    });

  it('lists the agents no entry lists in GET /agents, each with its own provider and its applications in the fleet', async () => {
    const res = await agents();
    const ids = res.body.items.map((a: { id: string }) => a.id);
    // hx once, as its entry names it: the account's hxagent is the same agent
    expect(ids.sort()).toEqual([HY, HZ, 'hx'].sort());
    const hy = res.body.items.find((a: { id: string }) => a.id === HY);
    expect(hy).toMatchObject({
      kind: 'harness',
      title: 'ledger-agent',
      region: 'hy-region',
      product: 'Harness GitOps',
      status: { state: 'connected' },
    });
    expect(
      await waitFor('the found agent applications', async () => {
        const names = await fleetApps(HY);
        return names.length ? names : undefined;
      }),
    ).toEqual(['ledger-dev']);
    expect(
      await waitFor('the account agent applications', async () => {
        const names = await fleetApps(HZ);
        return names.length ? names : undefined;
      }),
    ).toEqual(['fx-dev']);
  });

  it('lists the account as the Harness SDK defines AgentServiceForServerList, with the key only in x-api-key', async () => {
    const lists = env.agentRequests.filter(r =>
      new URL(r.url, 'http://tap').pathname.endsWith(
        '/harness/gitops/api/v1/agents',
      ),
    );
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const request of lists) {
      const url = new URL(request.url, 'http://tap');
      expect(
        sdkMismatches({
          method: request.method,
          path: url.pathname.replace(/^\/harness/, ''),
          query: url.searchParams,
          body: undefined,
        }),
      ).toEqual([]);
      expect(request.headers['x-api-key']).toBe(API_KEY);
      expect(request.url).not.toContain(API_KEY);
    }
    const types = lists.map(r =>
      new URL(r.url, 'http://tap').searchParams.get('type'),
    );
    expect(new Set(types)).toEqual(
      new Set(['MANAGED_ARGO_PROVIDER', 'CONNECTED_ARGO_PROVIDER']),
    );
    // the found agents' own calls go to the gateway, named in the path
    const hyCalls = [...env.tap.feed, ...env.agentRequests].filter(r =>
      /\/harness\/gitops\/api\/v1\/agents\/hyagent([/?]|$)/.test(r.url),
    );
    expect(hyCalls.length).toBeGreaterThan(0);
  });

  it('never shows the API key in /agents or the logs', async () => {
    const res = await agents();
    expect(JSON.stringify(res.body)).not.toContain(API_KEY);
    expect(logged.some(line => line.includes(`agent ${HY} found; added`))).toBe(
      true,
    );
    expect(logged.join('\n')).not.toContain(API_KEY);
  });

  it('retires an agent gone from the account at the next listing, and adds it back when it returns', async () => {
    expect((await setMember('hy', false)).status).toBe(200);
    await scheduler.triggerTask(harnessAccountTaskId(0));
    const gone = await agents();
    expect(gone.body.items.map((a: { id: string }) => a.id)).not.toContain(HY);
    expect(await fleetApps(HY)).toEqual([]);
    // an explicitly configured agent leaving the account stays: its entry says so
    expect((await setMember('hx', false)).status).toBe(200);
    await scheduler.triggerTask(harnessAccountTaskId(0));
    expect(
      (await agents()).body.items.map((a: { id: string }) => a.id),
    ).toContain('hx');
    expect(
      logged.some(line =>
        line.includes(`agent ${HY} is gone from the account; retired`),
      ),
    ).toBe(true);

    await setMember('hy', true);
    await setMember('hx', true);
    await scheduler.triggerTask(harnessAccountTaskId(0));
    expect(
      (await agents()).body.items.map((a: { id: string }) => a.id),
    ).toContain(HY);
    expect(
      await waitFor('the returned agent applications', async () => {
        const names = await fleetApps(HY);
        return names.length ? names : undefined;
      }),
    ).toEqual(['ledger-dev']);
  });
});
