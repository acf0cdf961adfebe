import { useGitOpsTestBackend } from '../testUtils';
import { startTrustFleet } from '../testUtils/trustFleet';

jest.setTimeout(60_000);

const ACTIONS = '/api/gitops/.backstage/actions/v1/actions';
const DASHBOARD =
  '/api/gitops/entity/default/component/storefront-dashboard/applications';

/*
 * Operations need both: the user may act on the entity, and the
 * application's project and destination belong to that entity's owners. A
 * team-payments component whose selector reaches team-checkout's
 * applications may read them, never operate them.
 */
describe('operations: the application must belong to the entity owners', () => {
  const env = useGitOpsTestBackend(startTrustFleet);

  async function agentVersion(agentId: string): Promise<string> {
    const res = await env.agentFetch(agentId, '/_sandbox/state');
    return (await res.json()).resourceVersion;
  }

  async function auditCount(): Promise<number> {
    const res = await env
      .api()
      .get('/api/gitops/audit')
      .set('Authorization', env.auth);
    return res.body.items.length;
  }

  it("reads another team's application the entity selects", async () => {
    const res = await env
      .api()
      .get(`${DASHBOARD}/nonprod/checkout-dev`)
      .set('Authorization', env.auth);
    expect(res.status).toBe(200);
    expect(res.body.application.project).toBe('checkout');
  });

  it.each([
    ['refresh', {}],
    ['sync', {}],
    ['rollback', { id: 0 }],
    ['terminate', {}],
  ])(
    "refuses %s of another team's application (403, nothing sent, the refusal audited)",
    async (operation, body) => {
      const version = await agentVersion('nonprod');
      const audited = await auditCount();
      const res = await env
        .api()
        .post(`${DASHBOARD}/nonprod/checkout-dev/${operation}`)
        .set('Authorization', env.auth)
        .send(body);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        `Not allowed: gitops.application.${operation} on component:default/storefront-dashboard: application checkout-dev on agent nonprod does not belong to its owners: project checkout belongs to group:default/team-checkout, not to group:default/team-payments`,
      );
      expect(await agentVersion('nonprod')).toBe(version);
      expect(await auditCount()).toBe(audited + 1);
      const latest = await env
        .api()
        .get('/api/gitops/audit')
        .set('Authorization', env.auth);
      expect(latest.body.items[0]).toMatchObject({
        action: operation,
        outcome: 'refused',
        entityRef: 'component:default/storefront-dashboard',
        application: 'checkout-dev',
        message: expect.stringContaining('does not belong to its owners'),
      });
    },
  );

  it("refuses the sync action on another team's application, on Harness too", async () => {
    for (const agentId of ['hx', 'nonprod']) {
      const version = await agentVersion(agentId);
      const res = await env
        .api()
        .post(
          `${ACTIONS}/${encodeURIComponent('gitops:sync-application')}/invoke`,
        )
        .set('Authorization', env.auth)
        .send({
          entityRef: 'component:default/storefront-dashboard',
          agentId,
          application: 'checkout-dev',
        });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain(
        `application checkout-dev on agent ${agentId} does not belong to its owners: project checkout belongs to group:default/team-checkout`,
      );
      expect(await agentVersion(agentId)).toBe(version);
    }
  });

  it("operates the owners' own application through the same entity", async () => {
    const res = await env
      .api()
      .post(`${DASHBOARD}/nonprod/payments-dev/refresh`)
      .set('Authorization', env.auth)
      .send({});
    expect(res.status).toBe(200);
    expect(res.body.application.name).toBe('payments-dev');
  });
});
