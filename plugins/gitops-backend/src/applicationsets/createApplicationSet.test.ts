import {
  shopApplicationSet,
  useGitOpsTestBackend,
  waitFor,
} from '../testUtils';
import { startTrustFleet } from '../testUtils/trustFleet';

jest.setTimeout(60_000);

/*
 * The trust model on ApplicationSet create and upsert: what the set would
 * generate (the agent's own generate preview) must land in a project,
 * destination and repository the requesting entity's owners may use, and
 * claim no other team's entity. Each refusal leaves the agent as it was.
 */
describe('ApplicationSet create and upsert: the trust model', () => {
  const env = useGitOpsTestBackend(startTrustFleet);

  /** What the agent holds: how many applications and ApplicationSets. */
  async function agentState(agentId = 'nonprod') {
    const res = await env.agentFetch(agentId, '/_sandbox/state');
    expect(res.status).toBe(200);
    const state = (await res.json()) as {
      applications: number;
      applicationSets: number;
    };
    return {
      applications: state.applications,
      applicationSets: state.applicationSets,
    };
  }

  /** The names of the Argo CD agent's applications. */
  async function applicationNames() {
    const res = await env.agentFetch('nonprod', '/api/v1/applications');
    const body = (await res.json()) as {
      items?: Array<{ metadata: { name: string } }>;
    };
    return (body.items ?? []).map(i => i.metadata.name);
  }

  const create = (body: Record<string, unknown>, agentId = 'nonprod') =>
    env
      .api()
      .post(`/api/gitops/agents/${agentId}/applicationsets`)
      .set('Authorization', env.auth)
      .send(body);

  /**
   * Asks for a set the trust model refuses: a 403 that leaves the agent as
   * it was. Returns the refusal's message.
   */
  async function refusal(body: Record<string, unknown>, agentId = 'nonprod') {
    const before = await agentState(agentId);
    const res = await create(body, agentId);
    expect(res.status).toBe(403);
    expect(res.body.error.name).toBe('NotAllowedError');
    expect(await agentState(agentId)).toEqual(before);
    return res.body.error.message as string;
  }

  /** The request reached the agent's generate preview, never its create. */
  function onlyPreviewed(mark: number) {
    const writes = env.agentRequests
      .slice(mark)
      .filter(r => r.method === 'POST')
      .map(r => r.url.split('?')[0].replace(/^\/agents\/[^/]+/, ''));
    expect(writes).toEqual(['/api/v1/applicationsets/generate']);
  }

  it("refuses the probe's set: another team's project and namespace, an outside repository, a label claiming a service (403, nothing created)", async () => {
    const mark = env.agentRequests.length;
    const message = await refusal({
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('intruder', {
        service: 'intruder',
        selectedBy: 'payments',
        environments: ['prod'],
        project: 'checkout',
        namespace: 'checkout-dev',
        repoURL: 'https://github.com/outsider/payload.git',
      }),
    });
    expect(message).toContain(
      'ApplicationSet intruder for group:default/team-payments (owners: group:default/team-payments) would place 1 application where its owners may not deploy',
    );
    expect(message).toContain(
      'intruder-prod: project checkout belongs to group:default/team-checkout, not to group:default/team-payments',
    );
    expect(message).toContain(
      'intruder-prod: repository https://github.com/outsider/payload.git is not a source gitops.projects of project checkout allows',
    );
    onlyPreviewed(mark);
  });

  it("refuses a set in the team's own project that deploys into another team's namespace", async () => {
    const message = await refusal({
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('squatter', {
        service: 'payments',
        environments: ['dev'],
        project: 'payments',
        namespace: 'checkout-dev',
      }),
    });
    expect(message).toContain(
      'squatter-dev: destination nonprod.example.internal/checkout-dev holds applications of project checkout, which belongs to group:default/team-checkout',
    );
  });

  it("refuses generated labels that claim another team's entity", async () => {
    const message = await refusal({
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('impostor', {
        service: 'payments',
        selectedBy: 'checkout',
        environments: ['dev'],
        project: 'payments',
      }),
    });
    expect(message).toContain(
      'impostor-dev: its labels claim component:default/checkout, owned by group:default/team-checkout',
    );
  });

  it("refuses a templated project with Argo CD's own message", async () => {
    const mark = env.agentRequests.length;
    const res = await create({
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('templated', {
        service: 'payments',
        environments: ['dev'],
        project: '{{env}}',
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'error validating ApplicationSets: the Argo CD API does not currently support creating ApplicationSets with templated `project` fields',
    );
    expect(env.agentRequests.slice(mark)).toEqual([]);
  });

  it('secure by default: refuses a project nobody maps where the owners have no application yet', async () => {
    const message = await refusal({
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('elsewhere', {
        service: 'payments',
        environments: ['dev'],
        project: 'sandbox',
      }),
    });
    expect(message).toContain(
      "elsewhere-dev: project sandbox is mapped to no owner (gitops.projects, or the AppProject's gitops/owner annotation), and group:default/team-payments has no application in it yet",
    );
    expect(message).toContain(
      'elsewhere-dev: destination nonprod.example.internal/elsewhere-dev is in no project mapped to an owner',
    );
  });

  it("reads an AppProject's owner annotation, destinations and source repositories", async () => {
    const outside = await refusal({
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('billing-x', {
        service: 'billing',
        environments: ['dev'],
        project: 'billing',
        namespace: 'ledger-{{env}}',
        repoURL: 'https://gitlab.com/acme/billing-deploy.git',
      }),
    });
    expect(outside).toContain(
      'billing-x-dev: destination nonprod.example.internal/ledger-dev is not one the AppProject of project billing allows',
    );
    expect(outside).toContain(
      'billing-x-dev: repository https://gitlab.com/acme/billing-deploy.git is not a source the AppProject of project billing allows',
    );
    const foreign = await refusal({
      entityRef: 'group:default/team-checkout',
      manifest: shopApplicationSet('billing-y', {
        service: 'billing',
        environments: ['dev'],
        project: 'billing',
        namespace: 'billing-{{env}}',
      }),
    });
    expect(foreign).toContain(
      'project billing belongs to group:default/team-payments, not to group:default/team-checkout',
    );
    const owned = await create({
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('billing', {
        service: 'billing',
        environments: ['dev'],
        project: 'billing',
        namespace: 'billing-{{env}}',
      }),
    });
    expect(owned.status).toBe(201);
  });

  it('lets the owners create their set, update it by upsert, and nobody else update it', async () => {
    const manifest = shopApplicationSet('payments-extra', {
      service: 'payments',
      environments: ['dev', 'qa'],
      project: 'payments',
    });
    const created = await create({
      entityRef: 'group:default/team-payments',
      manifest,
    });
    expect(created.status).toBe(201);
    await waitFor('the set to generate its applications', async () =>
      (await applicationNames()).includes('payments-extra-qa')
        ? true
        : undefined,
    );
    // the owners re-send it as an upsert: their own set, theirs to update
    const updated = await create({
      entityRef: 'group:default/team-payments',
      manifest,
      upsert: true,
    });
    expect(updated.status).toBe(201);
    // another team may not take it over
    const takeover = await refusal({
      entityRef: 'group:default/team-checkout',
      manifest,
      upsert: true,
    });
    expect(takeover).toContain(
      'project payments belongs to group:default/team-payments, not to group:default/team-checkout',
    );
  });

  it('checks a Harness agent the same way, through its generate preview', async () => {
    const refused = await refusal(
      {
        entityRef: 'group:default/team-checkout',
        manifest: shopApplicationSet('hx-intruder', {
          service: 'payments',
          selectedBy: 'none',
          environments: ['dev'],
          project: 'payments',
          cluster: 'eu',
        }),
      },
      'hx',
    );
    expect(refused).toContain(
      'hx-intruder-dev: project payments belongs to group:default/team-payments, not to group:default/team-checkout',
    );
    const owned = await create(
      {
        entityRef: 'group:default/team-payments',
        manifest: shopApplicationSet('hx-payments', {
          service: 'payments',
          environments: ['dev'],
          project: 'payments',
          cluster: 'eu',
        }),
      },
      'hx',
    );
    expect(owned.status).toBe(201);
  });

  it('answers 400 naming the limit for a body nested 5,000 levels deep', async () => {
    // written as text: JSON.stringify itself gives up on such nesting
    const deep = `${'{"n":'.repeat(5000)}true${'}'.repeat(5000)}`;
    const manifest = shopApplicationSet('deep', {
      service: 'payments',
      environments: ['dev'],
      project: 'payments',
    }) as { spec: Record<string, unknown> };
    manifest.spec.extra = 'DEEP';
    const body = JSON.stringify({
      entityRef: 'group:default/team-payments',
      manifest,
    }).replace('"DEEP"', deep);
    const mark = env.agentRequests.length;
    const res = await env
      .api()
      .post('/api/gitops/agents/nonprod/applicationsets')
      .set('Authorization', env.auth)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'The request body nests deeper than 64 levels, the limit',
    );
    expect(env.agentRequests.slice(mark)).toEqual([]);
  });
});
