import { Sandbox, startSandbox } from '../startSandbox';
import {
  FLEET_SCENARIO,
  argoClient,
  controlClient,
} from '../testing/testClients';

/*
 * A test holds the sync windows it needs: replacing the payments project's
 * windows with a freeze active now makes Argo CD's answers follow, for
 * the windows route and for syncs (manual ones pass while the freeze
 * allows them, and are refused once it does not).
 */
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ scenarioPath: FLEET_SCENARIO, log: () => {} });
});
afterAll(() => sandbox.close());

const agent = () => sandbox.agent('argocd-prod');
const freeze = (manualSync: boolean) => ({
  kind: 'deny',
  schedule: '* * * * *',
  duration: '1h',
  applications: ['*-prod'],
  manualSync,
  description: 'change freeze',
});

describe('the sync-windows control', () => {
  it('puts a freeze in force now, as the windows route and syncs see it', async () => {
    await controlClient(agent()).post('/sync-windows', {
      project: 'payments',
      windows: [freeze(false)],
    });
    const refused = await argoClient(agent()).post(
      '/api/v1/applications/payments-api-prod/sync',
      {},
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/blocked by sync window/);

    const set = await controlClient(agent()).post('/sync-windows', {
      project: 'payments',
      windows: [freeze(true)],
    });
    expect(set.status).toBe(200);
    const windows = await argoClient(agent()).get(
      '/api/v1/applications/payments-api-prod/syncwindows',
    );
    expect(windows.json.activeWindows).toEqual([
      { kind: 'deny', schedule: '* * * * *', duration: '1h', manualSync: true },
    ]);
    // a manual sync goes through a freeze that allows it
    const manual = await argoClient(agent()).post(
      '/api/v1/applications/payments-api-prod/sync',
      { dryRun: true },
    );
    expect(manual.status).toBe(200);

    await controlClient(agent()).post('/sync-windows', {
      project: 'payments',
      windows: [],
    });
    const open = await argoClient(agent()).get(
      '/api/v1/applications/payments-api-prod/syncwindows',
    );
    expect(open.json.activeWindows ?? []).toEqual([]);
  });

  it('names what is wrong with a request', async () => {
    const unknown = await controlClient(agent()).post('/sync-windows', {
      project: 'nope',
      windows: [],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('project nope not found');
    const bad = await controlClient(agent()).post('/sync-windows', {
      project: 'payments',
      windows: [{ kind: 'deny', schedule: '* * * * *', duration: 'forever' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(
      'sync-windows: windows.0.duration: must be like 1h, 30m or 1h30m',
    );
  });
});
