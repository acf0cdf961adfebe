import { gitopsApplicationSyncPolicyUpdatePermission } from '@gitops-suite/plugin-gitops-common';
import {
  shopApplicationSet,
  useGitOpsTestBackend,
  waitFor,
} from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';
import { auditRows } from '../testUtils/auditLog';

jest.setTimeout(60_000);

/*
 * PUT .../sync-policy through the router, on Argo CD and Harness agents:
 * the owner pauses and resumes automated sync (read back from the agent),
 * audited with the reason and the policy before and after; refused without
 * the permission (403), without a reason (400) and for an application an
 * ApplicationSet generated (409), nothing sent to the agent.
 */
describe('sync policy (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(startRouterFleet);

  const put = (base: string, body: object) =>
    env
      .api()
      .put(`${base}/sync-policy`)
      .set('Authorization', env.auth)
      .send(body);

  /** The application as the sandbox agent itself answers it. */
  const rawArgoApp = (agentId: string, name: string) =>
    env.agentApplication(agentId, name);

  const auditOf = (agent: string, application: string) =>
    auditRows(env, { agent, application });

  /** Writes the agents were sent since `before` (reads left out). */
  const writesSince = (before: number) =>
    env.agentRequests.slice(before).filter(r => r.method !== 'GET');

  describe('Argo CD', () => {
    const base =
      '/api/gitops/entity/default/component/payments/applications/nonprod/payments-dev';

    it('pauses automated sync with a reason, audited, and turns it back on', async () => {
      const before = await rawArgoApp('nonprod', 'payments-dev');
      expect(before.spec.syncPolicy.automated).toMatchObject({ prune: true });

      const paused = await put(base, {
        automated: false,
        prune: true,
        selfHeal: false,
        reason: 'INC-42: hotfix applied by hand',
      });
      expect(paused.status).toBe(200);
      expect(paused.body.application.syncPolicy).toMatchObject({
        automated: false,
        prune: false,
        selfHeal: false,
      });
      expect(
        (await rawArgoApp('nonprod', 'payments-dev')).spec.syncPolicy.automated,
      ).toBeUndefined();
      // the portal's next read shows it too
      const read = await env.api().get(base).set('Authorization', env.auth);
      expect(read.body.application.syncPolicy.automated).toBe(false);

      const [row] = await auditOf('nonprod', 'payments-dev');
      expect(row).toMatchObject({
        id: paused.body.auditId,
        action: 'syncpolicy.update',
        outcome: 'succeeded',
        actor: 'user:default/mock',
        entityRef: 'component:default/payments',
        parameters: {
          reason: 'INC-42: hotfix applied by hand',
          before: { automated: true, prune: true, selfHeal: false },
          after: { automated: false, prune: false, selfHeal: false },
        },
      });

      const resumed = await put(base, {
        automated: true,
        prune: true,
        selfHeal: true,
        reason: 'INC-42 resolved',
      });
      expect(resumed.status).toBe(200);
      expect(
        (await rawArgoApp('nonprod', 'payments-dev')).spec.syncPolicy.automated,
      ).toEqual({ enabled: true, prune: true, selfHeal: true });
      expect(resumed.body.application.syncPolicy).toMatchObject({
        automated: true,
        prune: true,
        selfHeal: true,
      });
    });

    it('answers 403 without the permission, audited as refused, nothing sent', async () => {
      env.denied.add(gitopsApplicationSyncPolicyUpdatePermission.name);
      const before = env.agentRequests.length;
      const res = await put(base, {
        automated: false,
        prune: false,
        selfHeal: false,
        reason: 'not mine to change',
      });
      expect(res.status).toBe(403);
      expect(writesSince(before)).toEqual([]);
      expect(
        (await rawArgoApp('nonprod', 'payments-dev')).spec.syncPolicy.automated,
      ).toBeDefined();
      const [row] = await auditOf('nonprod', 'payments-dev');
      expect(row).toMatchObject({
        action: 'syncpolicy.update',
        outcome: 'refused',
        message: expect.stringContaining(
          gitopsApplicationSyncPolicyUpdatePermission.name,
        ),
      });
    });

    it.each([
      ['missing', { automated: false, prune: false, selfHeal: false }],
      [
        'empty',
        { automated: false, prune: false, selfHeal: false, reason: '' },
      ],
      [
        'blank',
        { automated: false, prune: false, selfHeal: false, reason: '   ' },
      ],
      [
        'too long',
        {
          automated: false,
          prune: false,
          selfHeal: false,
          reason: 'x'.repeat(501),
        },
      ],
    ])('answers 400 naming the reason when it is %s', async (_, body) => {
      const before = env.agentRequests.length;
      const res = await put(base, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/reason/);
      expect(writesSince(before)).toEqual([]);
    });

    it('refuses an application an ApplicationSet generated (409, naming the set)', async () => {
      // the set is made on the agent itself, as a platform team would
      const agent = env.sandbox.agent('nonprod');
      const created = await fetch(`${agent.url}/api/v1/applicationsets`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${agent.token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(
          shopApplicationSet('payments-extra', {
            service: 'payments',
            environments: ['dev'],
          }),
        ),
      });
      expect(created.status).toBe(200);
      const generated =
        '/api/gitops/entity/default/component/payments/applications/nonprod/payments-extra-dev';
      await waitFor(
        'the portal to read the generated application',
        async () => {
          const res = await env
            .api()
            .get(generated)
            .set('Authorization', env.auth);
          return res.body.application?.applicationSet ? true : undefined;
        },
      );
      const before = env.agentRequests.length;
      const res = await put(generated, {
        automated: false,
        prune: false,
        selfHeal: false,
        reason: 'pause it',
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(
        "payments-extra-dev is generated by ApplicationSet payments-extra, which would put its sync policy back; change the set's template instead",
      );
      expect(writesSince(before)).toEqual([]);
    });
  });

  describe('Harness', () => {
    const base =
      '/api/gitops/entity/default/component/risk/applications/hx/risk-dev';

    it('pauses automated sync through the Harness gateway, audited', async () => {
      const paused = await put(base, {
        automated: false,
        prune: false,
        selfHeal: false,
        reason: 'freeze for the audit',
      });
      expect(paused.status).toBe(200);
      expect(paused.body.application.syncPolicy.automated).toBe(false);

      // read back from the agent, as Harness's gateway answers it
      const raw = await rawArgoApp('hx', 'risk-dev');
      expect(raw.spec.syncPolicy.automated).toBeUndefined();

      const [row] = await auditOf('hx', 'risk-dev');
      expect(row).toMatchObject({
        action: 'syncpolicy.update',
        outcome: 'succeeded',
        parameters: {
          reason: 'freeze for the audit',
          before: { automated: true },
          after: { automated: false, prune: false, selfHeal: false },
        },
      });
    });
  });
});
