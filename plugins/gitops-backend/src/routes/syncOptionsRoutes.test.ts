import { waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';

jest.setTimeout(60_000);

/** Server-side apply, and an option the portal does not offer. */
const POLICY_OPTIONS = [
  'ServerSideApply=true',
  'PrunePropagationPolicy=foreground',
];

const scenario = shopFleet('gitops-backend-sync-options-test', {
  services: {
    ledger: { agents: ['nonprod'], syncOptions: POLICY_OPTIONS },
    risk: { agents: ['hx'], syncOptions: POLICY_OPTIONS },
  },
  agents: ['nonprod', 'hx'],
});

/*
 * A sync's options through the router, on Argo CD and Harness agents: the
 * sync options (the application's own the portal does not offer kept),
 * force, apply only and retry reach the agent as its API defines them, the
 * agent's operation carries them, and the portal reads them back on the
 * application's operation. Bad options answer 400 naming what is wrong.
 */
describe('sync options (router over real sandbox agents)', () => {
  const env = useShopFleet(scenario);

  const sync = (base: string, body: object) =>
    env.api().post(`${base}/sync`).set('Authorization', env.auth).send(body);

  /** The portal's read of the application, once its sync has ended. */
  const settled = (base: string) =>
    waitFor('the sync to end', async () => {
      const res = await env.api().get(base).set('Authorization', env.auth);
      const { operation } = res.body.application ?? {};
      return operation && operation.phase !== 'Running'
        ? res.body.application
        : undefined;
    });

  const retry = {
    limit: 3,
    backoff: { duration: '10s', factor: 3, maxDuration: '5m' },
  };

  describe('Argo CD', () => {
    const base =
      '/api/gitops/entity/default/component/ledger/applications/nonprod/ledger-dev';

    const rawOperation = async () =>
      (await env.agentApplication('nonprod', 'ledger-dev')).status
        .operationState.operation;

    it('passes sync options, force, apply only and retry, and reads them back', async () => {
      const res = await sync(base, {
        syncOptions: ['PruneLast=true', 'Replace=true'],
        force: true,
        applyOnly: true,
        retry,
      });
      expect(res.status).toBe(200);

      // the agent's operation, as Argo CD records it: server-side apply
      // was unchecked, the option the portal does not offer kept
      const operation = await rawOperation();
      expect(operation.sync.syncOptions).toEqual([
        'PrunePropagationPolicy=foreground',
        'PruneLast=true',
        'Replace=true',
      ]);
      expect(operation.sync.syncStrategy).toEqual({ apply: { force: true } });
      expect(operation.retry).toEqual(retry);

      expect((await settled(base)).operation).toMatchObject({
        phase: 'Succeeded',
        syncOptions: [
          'PrunePropagationPolicy=foreground',
          'PruneLast=true',
          'Replace=true',
        ],
        force: true,
        applyOnly: true,
        retry,
      });

      const audit = await env
        .api()
        .get('/api/gitops/audit')
        .query({ agent: 'nonprod', application: 'ledger-dev' })
        .set('Authorization', env.auth);
      expect(audit.body.items[0]).toMatchObject({
        action: 'sync',
        outcome: 'succeeded',
        parameters: {
          syncOptions: ['PruneLast=true', 'Replace=true'],
          force: true,
          applyOnly: true,
          retry,
        },
      });
    });

    it("syncs with the application's own options when none are chosen", async () => {
      expect((await sync(base, {})).status).toBe(200);
      const operation = await rawOperation();
      expect(operation.sync.syncOptions).toEqual(POLICY_OPTIONS);
      expect(operation.sync.syncStrategy).toEqual({ hook: {} });
      const app = await settled(base);
      expect(app.operation.syncOptions).toEqual(POLICY_OPTIONS);
      expect(app.operation).not.toHaveProperty('force');
      expect(app.operation).not.toHaveProperty('applyOnly');
      expect(app.operation).not.toHaveProperty('retry');
    });

    it.each([
      [{ syncOptions: ['Prune=false'] }, /syncOptions\/0.*allowed values/],
      [{ retry: { limit: 11 } }, /retry\/limit must be <= 10/],
      [
        { retry: { limit: 2, backoff: { duration: '5 seconds' } } },
        /retry\/backoff\/duration must match pattern/,
      ],
      [{ force: 'yes' }, /force must be boolean/],
    ])(
      'answers %j with 400 naming what is wrong, sending nothing',
      async (body, message) => {
        const before = env.agentRequests.length;
        const res = await sync(base, body);
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(message);
        expect(
          env.agentRequests.slice(before).filter(r => r.method !== 'GET'),
        ).toEqual([]);
      },
    );
  });

  describe('Harness', () => {
    const base =
      '/api/gitops/entity/default/component/risk/applications/hx/risk-dev';

    it('passes sync options, force and retry through the Harness gateway', async () => {
      const res = await sync(base, {
        syncOptions: ['ServerSideApply=true', 'ApplyOutOfSyncOnly=true'],
        force: true,
        retry,
      });
      expect(res.status).toBe(200);

      // read back from the agent, as Harness's gateway answers it
      const raw = await env.agentApplication('hx', 'risk-dev');
      const operation = raw.status.operationState.operation;
      expect(operation.sync.syncOptions).toEqual([
        'PrunePropagationPolicy=foreground',
        'ServerSideApply=true',
        'ApplyOutOfSyncOnly=true',
      ]);
      // hooks run, forced
      expect(operation.sync.syncStrategy).toEqual({ hook: { force: true } });
      expect(operation.retry).toEqual(retry);

      const app = await settled(base);
      expect(app.operation).toMatchObject({
        phase: 'Succeeded',
        force: true,
        retry,
      });
      expect(app.operation).not.toHaveProperty('applyOnly');
    });
  });
});
