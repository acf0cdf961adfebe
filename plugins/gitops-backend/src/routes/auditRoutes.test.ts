import { RELATION_OWNED_BY } from '@backstage/catalog-model';
import { componentEntity, waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { auditRows } from '../testUtils/auditLog';

jest.setTimeout(60_000);

/*
 * The fleet audit, narrowed as the fleet page's Audit view asks: by the
 * team owning the entity, by environment and by outcome, a page at a time.
 */
const scenario = shopFleet('gitops-backend-audit-routes', {
  services: { payments: {}, checkout: {} },
  agents: ['nonprod', 'prod'],
});

/** A component as the catalog serves it: its owner also as a relation. */
const owned = (name: string, owner: string) => ({
  ...componentEntity(name, { 'gitops/service': name }, owner),
  relations: [{ type: RELATION_OWNED_BY, targetRef: `group:default/${owner}` }],
});

const APPS = '/api/gitops/entity/default/component';

describe('the fleet audit (router over real sandbox agents)', () => {
  const env = useShopFleet(scenario, {
    entities: [owned('payments', 'team-a'), owned('checkout', 'team-b')],
  });

  const audit = (query: Record<string, string>) => auditRows(env, query);

  const sync = async (path: string) => {
    const res = await env
      .api()
      .post(`${APPS}/${path}/sync`)
      .set('Authorization', env.auth)
      .send({ dryRun: true });
    expect(res.status).toBe(200);
    return res.body.auditId as string;
  };

  it('narrows by team, environment and outcome, and pages with before', async () => {
    const paymentsDev = await sync(
      'payments/applications/nonprod/payments-dev',
    );
    const paymentsProd = await sync('payments/applications/prod/payments-prod');
    const checkoutDev = await sync(
      'checkout/applications/nonprod/checkout-dev',
    );

    const all = await audit({});
    expect(all.map(row => row.id)).toEqual(
      expect.arrayContaining([paymentsDev, paymentsProd, checkoutDev]),
    );
    expect(all.find(row => row.id === paymentsDev)).toMatchObject({
      environment: 'dev',
      origin: 'portal',
      outcome: 'succeeded',
    });

    const ids = async (query: Record<string, string>) =>
      (await audit(query)).map(row => row.id).sort();
    await expect(ids({ owner: 'group:default/team-a' })).resolves.toEqual(
      [paymentsDev, paymentsProd].sort(),
    );
    // a group's ref as people write it
    await expect(ids({ owner: 'team-b' })).resolves.toEqual([checkoutDev]);
    await expect(ids({ owner: 'group:default/nobody' })).resolves.toEqual([]);
    await expect(
      ids({ owner: 'group:default/team-a', environment: 'dev' }),
    ).resolves.toEqual([paymentsDev]);
    await expect(ids({ outcome: 'failed' })).resolves.toEqual([]);
    await expect(
      ids({ outcome: 'succeeded', environment: 'prod' }),
    ).resolves.toEqual([paymentsProd]);

    // one page at a time: the next starts before the last one shown
    const team = { owner: 'team-a' };
    const [first] = await audit({ ...team, limit: '1' });
    const rest = await audit({ ...team, before: first.startedAt });
    expect([first, ...rest].map(row => row.id)).toEqual([
      paymentsProd,
      paymentsDev,
    ]);
  });

  it('narrows drift by environment, and refuses what the spec does not allow', async () => {
    const drift = async (query: Record<string, string>) => {
      const res = await env
        .api()
        .get('/api/gitops/drift')
        .query(query)
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      return (res.body.items as Array<{ application: string }>).map(
        event => event.application,
      );
    };
    env.sandbox.drift('nonprod', 'checkout-dev');
    await waitFor('the drift recorded', async () =>
      (await drift({})).includes('checkout-dev') ? true : undefined,
    );
    await expect(drift({ environment: 'dev' })).resolves.toEqual([
      'checkout-dev',
    ]);
    await expect(drift({ environment: 'qa' })).resolves.toEqual([]);
    // the recorder knows no entity: a team narrows to its entities' rows
    await expect(drift({ owner: 'team-b' })).resolves.toEqual([]);

    const outcome = await env
      .api()
      .get('/api/gitops/audit?outcome=done')
      .set('Authorization', env.auth);
    expect(outcome.status).toBe(400);
    expect(outcome.body.error.message).toContain('outcome');
    const before = await env
      .api()
      .get('/api/gitops/audit?before=yesterday')
      .set('Authorization', env.auth);
    expect(before.status).toBe(400);
    expect(before.body.error.message).toContain('before');
  });
});
