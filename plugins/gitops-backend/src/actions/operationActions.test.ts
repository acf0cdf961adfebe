import { mockCredentials } from '@backstage/backend-test-utils';
import {
  gitopsApplicationRefreshPermission,
  gitopsApplicationSyncPermission,
} from '@gitops-suite/plugin-gitops-common';
import type { FaultConfig } from '@gitops-suite/sandbox-agent';
import { waitFor } from '../testUtils';
import {
  PAYMENTS_PROD as target,
  REFRESH,
  SYNC,
  useActionsFleet,
} from '../testUtils/actionsFleet';
import { prunedPaymentsProdSyncRow } from '../testUtils/auditedSync';

jest.setTimeout(60_000);

/*
 * The operation actions over the actions registry: what reaches the agent,
 * what is audited under whom, how agent failures answer, and what is
 * refused before anything is sent.
 */
describe('gitops actions: sync and refresh', () => {
  const { env, invoke } = useActionsFleet();

  describe('operations', () => {
    it('sync-application syncs through the agent and leaves an audit row with the caller as actor', async () => {
      env.sandbox.drift('prod', 'payments-prod');
      const drifted = await env.rawApplication('prod', 'payments-prod');
      expect(drifted.status.sync.status).toBe('OutOfSync');
      const startedBefore = drifted.status.operationState?.startedAt;
      const versionBefore = await env.agentVersion('prod');

      const res = await invoke(SYNC, { ...target, prune: true });
      expect(res.status).toBe(200);
      // a write to the agent moves its version (what the denial tests rely on)
      expect(await env.agentVersion('prod')).not.toBe(versionBefore);
      expect(res.body.output.auditId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.output.application).toMatchObject({
        agentId: 'prod',
        name: 'payments-prod',
      });

      // the sandbox agent itself ran the sync, with the asked options
      const synced = await waitFor('payments-prod to sync', async () => {
        const raw = await env.rawApplication('prod', 'payments-prod');
        return raw.status.sync.status === 'Synced' &&
          raw.status.operationState?.phase === 'Succeeded' &&
          raw.status.operationState?.startedAt !== startedBefore
          ? raw
          : undefined;
      });
      expect(synced.status.operationState.operation.sync.prune).toBe(true);

      expect(await env.auditRows()).toContainEqual(
        prunedPaymentsProdSyncRow(res.body.output.auditId),
      );
    });

    it("sync-application passes Argo CD's sync options, force, apply only and retry, checked by the spec", async () => {
      const retry = {
        limit: 2,
        backoff: { duration: '5s', factor: 2, maxDuration: '3m' },
      };
      const res = await invoke(SYNC, {
        ...target,
        syncOptions: ['ServerSideApply=true'],
        force: true,
        applyOnly: true,
        retry,
      });
      expect(res.status).toBe(200);
      const raw = await env.rawApplication('prod', 'payments-prod');
      const operation = raw.status.operationState.operation;
      expect(operation.sync.syncOptions).toEqual(['ServerSideApply=true']);
      expect(operation.sync.syncStrategy).toEqual({ apply: { force: true } });
      expect(operation.retry).toEqual(retry);
      await waitFor('payments-prod to finish syncing', async () => {
        const app = await env.rawApplication('prod', 'payments-prod');
        return app.status.operationState?.phase === 'Succeeded' || undefined;
      });

      const before = env.agentRequests.length;
      const bad = await invoke(SYNC, { ...target, retry: { limit: 20 } });
      expect(bad.status).toBe(400);
      // checked once, by the registry, against the spec's body; the
      // message names the field and the bound
      expect(bad.body.error.message).toMatch(
        /^Invalid input to action "gitops:sync-application"; caused by /,
      );
      expect(bad.body.error.message).toContain(
        '"message": "Number must be less than or equal to 10"',
      );
      expect(bad.body.error.message).toMatch(
        /"path": \[\s*"retry",\s*"limit"\s*\]/,
      );
      expect(
        env.agentRequests.slice(before).filter(r => r.method !== 'GET'),
      ).toEqual([]);
    });

    it('refresh-application refreshes for the user an assistant acts for, audited under that user', async () => {
      const alice = mockCredentials.user('user:default/alice');
      const { output } = await env.actionsService.invoke({
        id: REFRESH,
        input: { ...target, mode: 'hard' },
        credentials: alice,
      });
      const { auditId } = output as { auditId: string };
      expect(await env.auditRows()).toContainEqual(
        expect.objectContaining({
          id: auditId,
          actor: 'user:default/alice',
          action: 'refresh',
          parameters: { mode: 'hard' },
          outcome: 'succeeded',
        }),
      );
    });

    it.each<[FaultConfig, number, RegExp]>([
      [{ errorRate: 1, errorStatuses: [500] }, 502, /prod/],
      [{ hangRate: 1, hangMs: 10_000 }, 504, /did not answer|timed out|time/i],
    ])(
      'answers a failing agent (%j) as the routes do: %i, naming the agent',
      async (faults, status, message) => {
        env.sandbox.setFaults('prod', {
          ...faults,
          methods: ['POST'],
          paths: ['/sync$'],
        });
        try {
          const res = await invoke(SYNC, target);
          expect(res.status).toBe(status);
          expect(res.body.error.message).toMatch(message);
          expect(JSON.stringify(res.body)).not.toContain('prod-argo-token');
        } finally {
          env.sandbox.setFaults('prod', {});
        }
      },
    );

    it('refuses an application the entity does not select, without an audit row', async () => {
      const before = await env.auditRows();
      const res = await invoke(SYNC, { ...target, application: 'ledger-prod' });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(
        /does not belong to component:default\/payments/,
      );
      expect(await env.auditRows()).toHaveLength(before.length);
    });

    it('rejects input outside the schema with 400 before calling the agent', async () => {
      const version = await env.agentVersion('prod');
      const res = await invoke(SYNC, { ...target, prune: 'yes' });
      expect(res.status).toBe(400);
      expect(await env.agentVersion('prod')).toBe(version);
    });

    it.each([
      [SYNC, gitopsApplicationSyncPermission.name, { prune: true }],
      [REFRESH, gitopsApplicationRefreshPermission.name, { mode: 'hard' }],
    ])(
      'refuses %s when %s is denied: nothing reaches the agent, the refusal is audited',
      async (id, permission, options) => {
        env.sandbox.drift('prod', 'payments-prod');
        const rawBefore = await env.rawApplication('prod', 'payments-prod');
        const versionBefore = await env.agentVersion('prod');
        const auditBefore = await env.auditRows();

        env.denied.add(permission);
        const res = await invoke(id, { ...target, ...options });
        expect(res.status).toBe(403);
        expect(res.body.error.message).toContain(permission);

        expect(await env.agentVersion('prod')).toBe(versionBefore);
        const rawAfter = await env.rawApplication('prod', 'payments-prod');
        expect(rawAfter.status.sync.status).toBe('OutOfSync');
        expect(rawAfter.status.operationState).toEqual(
          rawBefore.status.operationState,
        );
        const auditAfter = await env.auditRows();
        expect(auditAfter).toHaveLength(auditBefore.length + 1);
        expect(auditAfter[0]).toMatchObject({
          actor: 'user:default/mock',
          action: permission.split('.').pop(),
          outcome: 'refused',
        });
      },
    );
  });
});
