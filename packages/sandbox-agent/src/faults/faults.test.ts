import http from 'node:http';
import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { argoClient, controlClient } from '../testing/testClients';
import { FaultInjector } from './FaultInjector';

/** A raw GET that reports what happened to the connection instead of throwing. */
function rawGet(url: string, token: string, timeoutMs = 2000) {
  return new Promise<{ status?: number; body?: string; error?: string; timedOut?: boolean }>(resolve => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, res => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', c => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', e => resolve({ status: res.statusCode, body, error: (e as NodeJS.ErrnoException).code ?? e.message }));
      res.on('aborted', () => resolve({ status: res.statusCode, body, error: 'aborted' }));
    });
    req.setTimeout(timeoutMs, () => {
      resolve({ timedOut: true });
      req.destroy();
    });
    req.on('error', e => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
  });
}

describe('FaultInjector', () => {
  it('is deterministic for a seed', () => {
    const config = { seed: 'same', errorRate: 0.3, resetRate: 0.1, jitterMs: 50, errorStatuses: [500, 503] as any };
    const a = new FaultInjector('x', config);
    const b = new FaultInjector('y', config);
    const run = (f: FaultInjector) => Array.from({ length: 50 }, () => f.decide('GET', '/api/v1/applications'));
    const first = run(a);
    expect(run(b)).toEqual(first);
    expect(new Set(first.map(d => d.action))).toEqual(new Set(['none', 'error', 'reset']));
    a.set(config);
    expect(run(a)).toEqual(first);
  });

  it('only applies to matching paths and methods', () => {
    const f = new FaultInjector('x', { errorRate: 1, paths: ['/sync$'], methods: ['POST'] });
    expect(f.decide('GET', '/api/v1/applications/a/sync').action).toBe('none');
    expect(f.decide('POST', '/api/v1/applications').action).toBe('none');
    expect(f.decide('POST', '/api/v1/applications/a/sync').action).toBe('error');
  });
});

describe('fault injection over HTTP', () => {
  let sandbox: Sandbox;
  let argo: SandboxAgentInfo;
  const listUrl = () => `${argo.url}/api/v1/applications`;

  beforeEach(async () => {
    sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
    argo = sandbox.agent('argo');
  });

  afterEach(() => sandbox.close());

  it('adds fixed and jittered latency', async () => {
    sandbox.setFaults('argo', { latencyMs: 120, jitterMs: 40 });
    const started = Date.now();
    expect((await argoClient(argo).get('/api/v1/applications')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });

  it('answers error statuses in the API error format, with Retry-After for 429 and 503', async () => {
    await controlClient(argo).post('/faults', { errorRate: 1, errorStatuses: [429], retryAfterSeconds: 7 });
    const limited = await argoClient(argo).get('/api/v1/applications');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(limited.json).toMatchObject({ code: 8, details: [] });
    sandbox.setFaults('argo', { errorRate: 1, errorStatuses: [500] });
    const failed = await argoClient(argo).get('/api/v1/applications');
    expect(failed.status).toBe(500);
    expect(failed.json.message).toContain('sandbox fault injection');
    // The control API is never faulted, so tests can always clear faults.
    expect((await controlClient(argo).post('/faults', {})).status).toBe(200);
    expect((await argoClient(argo).get('/api/v1/applications')).status).toBe(200);
  });

  it('sends malformed JSON bodies', async () => {
    sandbox.setFaults('argo', { malformedRate: 1 });
    const res = await argoClient(argo).get('/api/v1/applications');
    expect(res.status).toBe(200);
    expect(() => JSON.parse(res.text)).toThrow();
  });

  it('cuts bodies short (truncated) and resets or drops connections', async () => {
    sandbox.setFaults('argo', { truncatedRate: 1 });
    const truncated = await rawGet(listUrl(), argo.token);
    expect(truncated.error).toBeDefined();
    sandbox.setFaults('argo', { resetRate: 1 });
    expect((await rawGet(listUrl(), argo.token)).error).toMatch(/ECONNRESET|socket hang up/);
    await expect(fetch(listUrl(), { headers: { authorization: `Bearer ${argo.token}` } })).rejects.toThrow();
    sandbox.setFaults('argo', { dropRate: 1 });
    expect((await rawGet(listUrl(), argo.token)).error).toMatch(/ECONNRESET|socket hang up/);
  });

  it('hangs past a client timeout', async () => {
    sandbox.setFaults('argo', { hangRate: 1, hangMs: 5000 });
    const res = await rawGet(listUrl(), argo.token, 300);
    expect(res.timedOut).toBe(true);
  });

  it('rejects bad fault settings naming the field', async () => {
    const res = await controlClient(argo).post('/faults', { errorRate: 2 });
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('errorRate');
    expect((await controlClient(argo).post('/faults', { nope: true })).status).toBe(400);
  });

  it('stops and starts an agent: connections reset while it is down', async () => {
    sandbox.stopAgent('argo');
    expect((await rawGet(listUrl(), argo.token)).error).toMatch(/ECONNRESET|socket hang up/);
    // Other agents keep serving.
    const hx = sandbox.agent('hx');
    expect((await rawGet(`${hx.url}/gitops/api/v1/agents`, 'x')).status).toBe(401);
    expect((await controlClient(argo).post('/start')).status).toBe(200);
    expect((await argoClient(argo).get('/api/v1/applications')).status).toBe(200);
    expect((await controlClient(argo).post('/stop', { mode: 'unavailable' })).status).toBe(200);
    const down = await argoClient(argo).get('/api/v1/applications');
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ code: 14 });
  });

  it('requires the agent token on the control API', async () => {
    const res = await fetch(`${argo.url}/_sandbox/state`);
    expect(res.status).toBe(401);
    const state = await controlClient(argo).get('/state');
    expect(state.json).toMatchObject({ id: 'argo', kind: 'argocd', stopped: false });
  });
});
