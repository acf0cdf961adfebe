import { startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { argoClient } from '../testing/testClients';

/*
 * `rolledBack: true` gives an instance a history with a release that was
 * rolled back before the live one shipped, as Argo CD records it: a new
 * entry (ids only grow) that deploys the revision before the bad one again.
 */
it('records a rollback in the history before the live deployment', async () => {
  const base = smallScenario();
  const sandbox = await startSandbox({
    scenario: {
      ...base,
      now: '2026-11-20T12:00:00Z',
      services: base.services!.map(s =>
        s.name === 'web' ? { ...s, overrides: { prod: { rolledBack: true } } } : s,
      ),
    },
    log: () => {},
  });
  try {
    const client = argoClient(sandbox.agent('argo'));
    const app = (await client.get('/api/v1/applications/web-prod')).json;
    const history: Array<{ id: number; revision: string; deployedAt: string }> = app.status.history;
    expect(history.length).toBeGreaterThanOrEqual(4);
    const [bad, rollback, live] = history.slice(-3);
    const beforeBad = history[history.length - 4];
    // ids grow by one, deployments are in time order
    expect(history.map(h => h.id)).toEqual(history.map((_, i) => history[0].id + i));
    expect(history.map(h => h.deployedAt)).toEqual([...history.map(h => h.deployedAt)].sort());
    // the rollback redeploys the revision before the bad one, at most 25 minutes later
    expect(rollback.revision).toBe(beforeBad.revision);
    expect(bad.revision).not.toBe(rollback.revision);
    const minutes = (Date.parse(rollback.deployedAt) - Date.parse(bad.deployedAt)) / 60_000;
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeLessThanOrEqual(25 + 5 / 60);
    // the live entry is what the app runs
    expect(live.revision).toBe(app.status.sync.revision);
    expect(app.status.sync.status).toBe('Synced');

    // without the option, no revision comes back
    const api = (await client.get('/api/v1/applications/web-dev')).json;
    const revisions = api.status.history.map((h: { revision: string }) => h.revision);
    expect(new Set(revisions).size).toBe(revisions.length);
  } finally {
    await sandbox.close();
  }
});
