import { useGitOpsTestBackend, waitFor } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * The recorder follows the fleet state, not a schedule: a drift of a few
 * seconds, made and mended through the sandbox agent, is in the entity's
 * timeline (its events route), opened and closed.
 */
describe('a short drift in the timeline (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(startRouterFleet);
  const entity = '/api/gitops/entity/default/component/payments';
  const app = `${entity}/applications/prod/payments-prod`;

  const syncStatus = async () => {
    const res = await env.api().get(app).set('Authorization', env.auth);
    return res.body.application?.sync.status as string | undefined;
  };

  it('records a drift of seconds, opened and closed', async () => {
    const drift = await env.agentFetch('prod', '/_sandbox/drift', {
      method: 'POST',
      body: JSON.stringify({ application: 'payments-prod' }),
    });
    expect(drift.status).toBe(200);
    const began = Date.now();
    await waitFor('payments-prod out of sync', async () =>
      (await syncStatus()) === 'OutOfSync' ? true : undefined,
    );

    // mended through the agent's own API, not the portal
    const sync = await env.agentFetch(
      'prod',
      '/api/v1/applications/payments-prod/sync',
      { method: 'POST', body: JSON.stringify({ prune: true }) },
    );
    expect(sync.status).toBe(200);
    await waitFor('payments-prod synced again', async () =>
      (await syncStatus()) === 'Synced' ? true : undefined,
    );
    expect(Date.now() - began).toBeLessThan(5_000);

    const closed = await waitFor(
      'the closed drift in the timeline',
      async () => {
        const res = await env
          .api()
          .get(`${entity}/events`)
          .set('Authorization', env.auth);
        expect(res.status).toBe(200);
        return (
          res.body.drift as Array<{
            agentId: string;
            application: string;
            startedAt: string;
            endedAt?: string;
          }>
        ).find(
          event =>
            event.agentId === 'prod' &&
            event.application === 'payments-prod' &&
            event.endedAt &&
            Date.parse(event.startedAt) >= began - 1_000,
        );
      },
    );
    const lasted = Date.parse(closed.endedAt!) - Date.parse(closed.startedAt);
    expect(lasted).toBeGreaterThan(0);
    expect(lasted).toBeLessThan(5_000);
  });
});
