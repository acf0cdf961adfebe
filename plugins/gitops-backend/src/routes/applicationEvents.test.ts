import {
  gitopsApplicationReadPermission,
  gitopsAuditReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { useGitOpsTestBackend, waitFor } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * Who did what, entity-scoped: an application's events answer whoever may
 * read the entity's applications, with the actor and the action, without
 * the fleet-wide audit permission; whoever may not read them gets nothing.
 */
describe("an application's events (router over real sandbox agents)", () => {
  const env = useGitOpsTestBackend(startRouterFleet);
  const app =
    '/api/gitops/entity/default/component/payments/applications/prod/payments-prod';

  it('names who synced to a reader without audit rights, and nothing to one refused the entity', async () => {
    const sync = await env
      .api()
      .post(`${app}/sync`)
      .set('Authorization', env.auth)
      .send({ prune: true });
    expect(sync.status).toBe(200);

    env.denied.add(gitopsAuditReadPermission.name);
    const audit = await env
      .api()
      .get('/api/gitops/audit')
      .set('Authorization', env.auth);
    expect(audit.status).toBe(403);
    const events = await waitFor('the sync in the events', async () => {
      const res = await env
        .api()
        .get(`${app}/events`)
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      return res.body.audit.find(
        (entry: { id: string }) => entry.id === sync.body.auditId,
      );
    });
    expect(events).toMatchObject({
      action: 'sync',
      actor: 'user:default/mock',
      agentId: 'prod',
      application: 'payments-prod',
    });

    env.denied.add(
      `${gitopsApplicationReadPermission.name} component:default/payments`,
    );
    const refused = await env
      .api()
      .get(`${app}/events`)
      .set('Authorization', env.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.audit).toBeUndefined();
    expect(JSON.stringify(refused.body)).not.toContain(sync.body.auditId);
  });
});
