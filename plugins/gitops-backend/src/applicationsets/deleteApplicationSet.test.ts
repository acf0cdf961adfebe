import {
  shopApplicationSet,
  useGitOpsTestBackend,
  waitFor,
} from '../testUtils';
import { startTrustFleet } from '../testUtils/trustFleet';
import { auditRows } from '../testUtils/auditLog';

jest.setTimeout(60_000);

/*
 * ApplicationSets read by the identifier the agent's API uses, previewed
 * before they exist, and deleted by their owners only: every claimant's
 * permission, and every application the set runs now inside its owners'
 * projects, checked before the agent is asked.
 */
describe('ApplicationSet read, preview and delete', () => {
  const env = useGitOpsTestBackend(startTrustFleet);
  afterEach(() => env.denied.clear());

  const api = () => env.api();
  const create = (agentId: string, body: Record<string, unknown>) =>
    api()
      .post(`/api/gitops/agents/${agentId}/applicationsets`)
      .set('Authorization', env.auth)
      .send(body);
  const read = (agentId: string, name: string) =>
    api()
      .get(`/api/gitops/agents/${agentId}/applicationsets/${name}`)
      .set('Authorization', env.auth);
  const remove = (agentId: string, name: string) =>
    api()
      .delete(`/api/gitops/agents/${agentId}/applicationsets/${name}`)
      .set('Authorization', env.auth);
  const preview = (agentId: string, body: Record<string, unknown>) =>
    api()
      .post(`/api/gitops/agents/${agentId}/applicationsets/generate`)
      .set('Authorization', env.auth)
      .send(body);

  /** The names of an Argo CD agent's applications and ApplicationSets. */
  async function agentNames(kind: 'applications' | 'applicationsets') {
    const res = await env.agentFetch('nonprod', `/api/v1/${kind}`);
    const body = (await res.json()) as {
      items?: Array<{ metadata: { name: string } }>;
    };
    return (body.items ?? []).map(i => i.metadata.name);
  }

  /** The agent requests (method and agent path) callers caused since `mark`. */
  const requestsSince = (mark: number) =>
    env.agentRequests
      .slice(mark)
      .map(
        r =>
          `${r.method} ${r.url.split('?')[0].replace(/^\/agents\/[^/]+/, '')}`,
      );

  /** Waits until the fleet state holds application `name`. */
  const fleetHolds = (agentId: string, name: string) =>
    waitFor(`the fleet state to hold ${name}`, async () => {
      const res = await api()
        .get(`/api/gitops/fleet/applications?agent=${agentId}&search=${name}`)
        .set('Authorization', env.auth);
      return res.body.items?.some((a: { name: string }) => a.name === name)
        ? true
        : undefined;
    });

  it('previews what a set would generate and what the trust model refuses, creating nothing', async () => {
    const mark = env.agentRequests.length;
    const res = await preview('nonprod', {
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('preview-mixed', {
        service: 'payments',
        environments: ['dev', 'qa'],
        project: 'payments',
        namespace: '{{env}}-{{env}}',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.applications.map((a: { name: string }) => a.name)).toEqual([
      'preview-mixed-dev',
      'preview-mixed-qa',
    ]);
    expect(res.body.problems).toEqual([]);
    const refused = await preview('nonprod', {
      entityRef: 'group:default/team-checkout',
      manifest: shopApplicationSet('preview-foreign', {
        service: 'checkout',
        environments: ['dev'],
        project: 'payments',
      }),
    });
    expect(refused.status).toBe(200);
    expect(refused.body.problems).toContainEqual({
      application: 'preview-foreign-dev',
      reason:
        'project payments belongs to group:default/team-payments, not to group:default/team-checkout',
    });
    expect(requestsSince(mark).filter(r => r.startsWith('POST'))).toEqual([
      'POST /api/v1/applicationsets/generate',
      'POST /api/v1/applicationsets/generate',
    ]);
    expect(await agentNames('applicationsets')).not.toContain('preview-mixed');
  });

  it('names what is wrong with a preview request', async () => {
    const res = await preview('nonprod', {
      manifest: shopApplicationSet('x', {
        service: 'payments',
        environments: ['dev'],
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('entityRef');
  });

  it('lets the owners delete their set and its applications, audited', async () => {
    const created = await create('nonprod', {
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('payments-short', {
        service: 'payments',
        environments: ['dev'],
        project: 'payments',
      }),
    });
    expect(created.status).toBe(201);
    await fleetHolds('nonprod', 'payments-short-dev');
    const res = await remove('nonprod', 'payments-short');
    expect(res.status).toBe(200);
    expect(res.body.applicationSet.name).toBe('payments-short');
    expect(await agentNames('applicationsets')).not.toContain('payments-short');
    await waitFor('the generated application to go', async () =>
      (await agentNames('applications')).includes('payments-short-dev')
        ? undefined
        : true,
    );
    const [row] = await auditRows(env, { application: 'payments-short' });
    expect(row).toMatchObject({
      id: res.body.auditId,
      action: 'applicationset.delete',
      entityRef: 'component:default/payments',
      outcome: 'succeeded',
      parameters: { applications: ['payments-short-dev'] },
    });
    const gone = await remove('nonprod', 'payments-short');
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(
      'Agent nonprod has no ApplicationSet named payments-short',
    );
  });

  it('refuses a caller without the delete permission on a claimant, leaving the set', async () => {
    await create('nonprod', {
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('payments-kept', {
        service: 'payments',
        environments: ['dev'],
        project: 'payments',
      }),
    }).expect(201);
    // the claim comes from the generated application's labels
    await fleetHolds('nonprod', 'payments-kept-dev');
    env.denied.add('gitops.applicationset.delete component:default/payments');
    const mark = env.agentRequests.length;
    const res = await remove('nonprod', 'payments-kept');
    expect(res.status).toBe(403);
    expect(res.body.error.name).toBe('NotAllowedError');
    expect(requestsSince(mark).filter(r => r.startsWith('DELETE'))).toEqual([]);
    expect(await agentNames('applicationsets')).toContain('payments-kept');
  });

  it("neither lets a forged claim delete another team's set nor lets it lock the real owners out", async () => {
    // made at the agent: checkout's set in team-checkout's project, which
    // payments-reports (team-payments) claims by name beside checkout
    const made = await env.agentFetch('nonprod', '/api/v1/applicationsets', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(
        shopApplicationSet('borrowed', {
          service: 'checkout',
          environments: ['dev'],
          project: 'checkout',
          namespace: 'checkout-{{env}}',
        }),
      ),
    });
    expect(made.status).toBe(200);
    await waitFor('the fleet state to hold the set', async () => {
      const res = await read('nonprod', 'borrowed');
      return res.status === 200 ? true : undefined;
    });
    await fleetHolds('nonprod', 'borrowed-dev');

    // a member of team-payments: payments-reports' claim is no claim (its
    // owners could not operate borrowed-dev), and checkout's is not theirs
    env.denied.add('gitops.applicationset.delete component:default/checkout');
    const refused = await remove('nonprod', 'borrowed');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      'Not allowed: gitops.applicationset.delete on component:default/checkout',
    );
    expect(await agentNames('applicationsets')).toContain('borrowed');

    // team-checkout's member deletes its own set: the forged claim asks
    // nothing of them
    env.denied.clear();
    env.denied.add(
      'gitops.applicationset.delete component:default/payments-reports',
    );
    const deleted = await remove('nonprod', 'borrowed');
    expect(deleted.status).toBe(200);
    expect(await agentNames('applicationsets')).not.toContain('borrowed');
  });

  it('reads and deletes a Harness set by the identifier Harness gave it', async () => {
    await create('hx', {
      entityRef: 'group:default/team-payments',
      manifest: shopApplicationSet('hx-short', {
        service: 'payments',
        environments: ['dev'],
        project: 'payments',
        cluster: 'eu',
      }),
    }).expect(201);
    const id = await waitFor(
      'the fleet state to know its identifier',
      async () => {
        const res = await api()
          .get('/api/gitops/agents/hx/applicationsets')
          .set('Authorization', env.auth);
        return res.body.items?.find(
          (s: { name: string }) => s.name === 'hx-short',
        )?.id as string | undefined;
      },
    );
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    let mark = env.agentRequests.length;
    const one = await read('hx', 'hx-short');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ name: 'hx-short', id });
    expect(requestsSince(mark)).toEqual([
      `GET /gitops/api/v1/applicationset/${id}`,
    ]);
    mark = env.agentRequests.length;
    const res = await remove('hx', 'hx-short');
    expect(res.status).toBe(200);
    expect(requestsSince(mark)).toEqual([
      `GET /gitops/api/v1/applicationset/${id}`,
      `DELETE /gitops/api/v1/applicationset/${id}`,
    ]);
    expect((await read('hx', 'hx-short')).status).toBe(404);
  });
});
