import {
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
} from '@gitops-suite/plugin-gitops-common';
import { useGitOpsTestBackend, waitFor } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';
import { prunedPaymentsProdSyncRow } from '../testUtils/auditedSync';

jest.setTimeout(60_000);

/*
 * Refresh, sync and rollback through the router, on Argo CD and Harness
 * agents: what reaches the agent, what is audited, and what is refused
 * before anything is sent.
 */
describe('application operations (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(startRouterFleet);

  describe('operations', () => {
    const base =
      '/api/gitops/entity/default/component/payments/applications/prod/payments-prod';
    const getApp = async () => {
      const res = await env.api().get(base).set('Authorization', env.auth);
      expect(res.status).toBe(200);
      return res.body.application;
    };

    it('syncs through the agent and leaves an audit row', async () => {
      env.sandbox.drift('prod', 'payments-prod');
      const drifted = await getApp();
      expect(drifted.sync.status).toBe('OutOfSync');
      const startedBefore = drifted.operation?.startedAt;

      const res = await env
        .api()
        .post(`${base}/sync`)
        .set('Authorization', env.auth)
        .send({ prune: true });
      expect(res.status).toBe(200);
      expect(res.body.auditId).toMatch(/^[0-9a-f-]{36}$/);

      // The operation dropped the agent's cached list: the fleet view at
      // once shows the new operation, not the cached state from before.
      const fleet = await env
        .api()
        .get('/api/gitops/fleet/applications')
        .query({ agent: 'prod' })
        .set('Authorization', env.auth);
      const listed = fleet.body.items.find(
        (a: { name: string }) => a.name === 'payments-prod',
      );
      expect(listed.operation?.startedAt).toBeDefined();
      expect(listed.operation?.startedAt).not.toBe(startedBefore);

      // the rollout settles a moment after the apply, as in Argo CD: the
      // application is Progressing, then Healthy
      const synced = await waitFor(
        'payments-prod to sync and settle',
        async () => {
          const app = await getApp();
          return app.sync.status === 'Synced' &&
            app.operation?.phase === 'Succeeded' &&
            app.operation?.startedAt !== startedBefore &&
            app.health.status === 'Healthy'
            ? app
            : undefined;
        },
      );
      expect(synced.health.status).toBe('Healthy');

      // The sandbox itself saw the sync: its raw API agrees.
      const prod = env.sandbox.agent('prod');
      const raw = await fetch(`${prod.url}/api/v1/applications/payments-prod`, {
        headers: { authorization: `Bearer ${prod.token}` },
      }).then(r => r.json());
      expect(raw.status.sync.status).toBe('Synced');
      expect(raw.status.operationState.operation.sync.prune).toBe(true);

      const audit = await env
        .api()
        .get('/api/gitops/audit')
        .query({ agent: 'prod', application: 'payments-prod' })
        .set('Authorization', env.auth);
      expect(audit.status).toBe(200);
      expect(audit.body.items).toContainEqual(
        prunedPaymentsProdSyncRow(res.body.auditId),
      );

      const events = await env
        .api()
        .get('/api/gitops/entity/default/component/payments/events')
        .set('Authorization', env.auth);
      expect(events.status).toBe(200);
      expect(events.body.audit.map((row: { id: string }) => row.id)).toContain(
        res.body.auditId,
      );
    });

    it('records a failed operation with its outcome', async () => {
      const res = await env
        .api()
        .post(`${base}/rollback`)
        .set('Authorization', env.auth)
        .send({ id: 987654 });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const audit = await env
        .api()
        .get('/api/gitops/audit')
        .query({ agent: 'prod', application: 'payments-prod' })
        .set('Authorization', env.auth);
      expect(audit.body.items[0]).toMatchObject({
        action: 'rollback',
        parameters: { id: 987654 },
        outcome: 'failed',
      });
    });

    it('rejects malformed operation bodies with 400 before calling the agent', async () => {
      const before = env.agentRequests.length;
      const res = await env
        .api()
        .post(`${base}/sync`)
        .set('Authorization', env.auth)
        .send({ prune: 'yes', surprise: true });
      expect(res.status).toBe(400);
      expect(
        env.agentRequests.slice(before).filter(r => r.method !== 'GET'),
      ).toEqual([]);
    });

    it.each([
      ['refresh', gitopsApplicationRefreshPermission.name, {}],
      ['sync', gitopsApplicationSyncPermission.name, {}],
      ['rollback', gitopsApplicationRollbackPermission.name, { id: 0 }],
    ])(
      'answers %s with 403 when the permission is denied',
      async (op, permission, body) => {
        env.denied.add(permission);
        const auditBefore = await env
          .api()
          .get('/api/gitops/audit')
          .set('Authorization', env.auth);
        const before = env.agentRequests.length;
        const res = await env
          .api()
          .post(`${base}/${op}`)
          .set('Authorization', env.auth)
          .send(body);
        expect(res.status).toBe(403);
        // nothing was written to the agent; the refusal is audited as one
        expect(
          env.agentRequests.slice(before).filter(r => r.method !== 'GET'),
        ).toEqual([]);
        const auditAfter = await env
          .api()
          .get('/api/gitops/audit')
          .set('Authorization', env.auth);
        expect(auditAfter.body.items).toHaveLength(
          auditBefore.body.items.length + 1,
        );
        expect(auditAfter.body.items[0]).toMatchObject({
          action: op,
          outcome: 'refused',
          actor: 'user:default/mock',
          application: 'payments-prod',
          message: expect.stringContaining(permission),
        });
      },
    );
  });

  describe('Harness applications', () => {
    const base =
      '/api/gitops/entity/default/component/risk/applications/hx/risk-dev';

    it('refreshes and syncs a Harness application, audited', async () => {
      const refresh = await env
        .api()
        .post(`${base}/refresh`)
        .set('Authorization', env.auth)
        .send({ mode: 'hard' });
      expect(refresh.status).toBe(200);
      expect(refresh.body.application).toMatchObject({
        agentId: 'hx',
        name: 'risk-dev',
      });

      const sync = await env
        .api()
        .post(`${base}/sync`)
        .set('Authorization', env.auth)
        .send({ dryRun: true });
      expect(sync.status).toBe(200);

      const audit = await env
        .api()
        .get('/api/gitops/audit')
        .query({ agent: 'hx', application: 'risk-dev' })
        .set('Authorization', env.auth);
      expect(audit.status).toBe(200);
      expect(
        audit.body.items.map((row: { action: string; outcome: string }) => [
          row.action,
          row.outcome,
        ]),
      ).toEqual([
        ['sync', 'succeeded'],
        ['refresh', 'succeeded'],
      ]);
      expect(audit.body.items[0].parameters).toEqual({ dryRun: true });
      expect(audit.body.items[1].parameters).toEqual({ mode: 'hard' });
    });
  });
});
