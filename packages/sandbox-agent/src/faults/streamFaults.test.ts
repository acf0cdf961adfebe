import http from 'node:http';
import { Sandbox, SandboxAgentInfo, startSandbox } from '../startSandbox';
import { smallScenario } from '../testing/smallScenario';
import { argoClient, controlClient, eventually, harnessClient, harnessScope } from '../testing/testClients';

/**
 * An open watch stream: the lines it got so far and how it ended. Argo CD's
 * `/api/v1/stream/applications` (`query` its query string), or Harness's
 * AgentApplicationServiceWatch with the query parameters the SDK always
 * sends (the scope and an empty `query.name`) before `query`.
 */
function watch(agent: SandboxAgentInfo, query: string) {
  const lines: string[] = [];
  let ended: string | undefined;
  const url =
    agent.kind === 'harness'
      ? `${agent.url}/gitops/api/v1/agents/${agent.agentIdentifier}/stream/applications?${harnessScope(
          agent,
        )}&query.name=${query ? `&${query}` : ''}`
      : `${agent.url}/api/v1/stream/applications${query}`;
  const headers: Record<string, string> =
    agent.kind === 'harness' ? { 'x-api-key': agent.token } : { authorization: `Bearer ${agent.token}` };
  const req = http.get(
    url,
    { headers, agent: false },
    res => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', chunk => {
        buffer += chunk;
        const parts = buffer.split('\n');
        buffer = parts.pop()!;
        lines.push(...parts.filter(Boolean));
      });
      res.on('end', () => (ended ??= 'end'));
      res.on('error', () => (ended ??= 'error'));
      res.on('aborted', () => (ended ??= 'aborted'));
    },
  );
  req.on('error', () => (ended ??= 'error'));
  return {
    lines,
    ended: () => ended,
    events: () =>
      lines.flatMap(line => {
        try {
          const parsed = JSON.parse(line);
          return parsed.result ? [`${parsed.result.type} ${parsed.result.application.metadata.name}`] : [];
        } catch {
          return [];
        }
      }),
    close: () => req.destroy(),
  };
}

jest.setTimeout(30_000);

/** An ApplicationSet generating `ledger-dev` and `ledger-qa`. */
const ledger = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'ledger', namespace: 'argocd' },
  spec: {
    generators: [{ list: { elements: [{ env: 'dev' }, { env: 'qa' }] } }],
    template: {
      metadata: { name: 'ledger-{{env}}', labels: { 'gitops/service': 'ledger' } },
      spec: {
        project: 'shop',
        source: { repoURL: 'https://github.com/acme/web-deploy.git', path: 'overlays/{{env}}', targetRevision: 'main' },
        destination: { server: 'https://nonprod.example.internal:6443', namespace: 'ledger-{{env}}' },
      },
    },
  },
};

describe('watch streams: resume and faults', () => {
  let sandbox: Sandbox;
  let argo: SandboxAgentInfo;
  let hx: SandboxAgentInfo;

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario: smallScenario(), log: () => {} });
    argo = sandbox.agent('argo');
    hx = sandbox.agent('hx');
  });
  afterAll(() => sandbox.close());

  const listVersion = async () =>
    (await argoClient(argo).get('/api/v1/applications?fields=metadata.resourceVersion')).json.metadata
      .resourceVersion as string;

  it('replays the changes since a resourceVersion, deletions included, then follows', async () => {
    expect((await argoClient(argo).post('/api/v1/applicationsets', ledger)).status).toBe(200);
    const version = await listVersion();
    sandbox.drift('argo', 'web-prod');
    expect((await argoClient(argo).delete('/api/v1/applicationsets/ledger')).status).toBe(200);
    const stream = watch(argo, `?resourceVersion=${version}`);
    try {
      await eventually(async () =>
        expect(stream.events()).toEqual(['MODIFIED web-prod', 'DELETED ledger-dev', 'DELETED ledger-qa']),
      );
      sandbox.drift('argo', 'worker-prod');
      await eventually(async () => expect(stream.events()).toContain('MODIFIED worker-prod'));
      // without a version: every current application first
      const fresh = watch(argo, '');
      await eventually(async () => expect(fresh.events().length).toBeGreaterThan(3));
      expect(fresh.events().every(e => e.startsWith('ADDED '))).toBe(true);
      expect(fresh.events()).not.toContain('ADDED ledger-dev');
      fresh.close();
    } finally {
      stream.close();
      sandbox.reset('argo');
    }
  });

  it('ends a watch from a version it no longer holds with a Gone error', async () => {
    const stream = watch(argo, '?resourceVersion=5');
    await eventually(async () => expect(stream.ended()).toBeDefined());
    expect(JSON.parse(stream.lines[0]).error).toEqual(expect.objectContaining({ http_code: 410, http_status: 'Gone' }));
  });

  it('cuts, stalls and corrupts the streams open now; later streams are healthy', async () => {
    const control = controlClient(argo);

    // opened without a version, a stream is registered once its first line came
    const opened = async () => {
      const stream = watch(argo, '');
      await eventually(async () => expect(stream.lines.length).toBeGreaterThan(0));
      stream.lines.length = 0;
      return stream;
    };
    const cut = await opened();
    expect((await control.post('/streams', { action: 'cut' })).json.streams).toBe(1);
    await eventually(async () => expect(cut.ended()).toBeDefined());

    const corrupt = await opened();
    expect((await control.post('/streams', { action: 'malformed' })).json.streams).toBe(1);
    await eventually(async () => expect(corrupt.lines).toHaveLength(1));
    expect(() => JSON.parse(corrupt.lines[0])).toThrow();
    corrupt.close();
    await eventually(async () => expect((await control.post('/streams', { action: 'malformed' })).json.streams).toBe(0));

    const stalled = await opened();
    expect((await control.post('/streams', { action: 'stall' })).json.streams).toBe(1);
    const healthy = watch(argo, `?resourceVersion=${await listVersion()}`);
    try {
      await eventually(async () => expect((await control.get('/state')).status).toBe(200));
      sandbox.drift('argo', 'web-prod');
      await eventually(async () => expect(healthy.events()).toEqual(['MODIFIED web-prod']));
      expect(stalled.events()).toEqual([]);
      expect(stalled.ended()).toBeUndefined();
    } finally {
      stalled.close();
      healthy.close();
      sandbox.reset('argo');
    }

    expect((await control.post('/streams', { action: 'nope' })).status).toBe(400);
  });

  describe('Harness AgentApplicationServiceWatch', () => {
    const harnessListVersion = async () =>
      (await harnessClient(hx).get(`/gitops/api/v1/agents/${hx.agentIdentifier}/applications?query.name=`)).json
        .metadata.resourceVersion as string;

    it('sends every current application, then follows; resumes from a version; Gone for one it no longer holds', async () => {
      const fresh = watch(hx, '');
      try {
        await eventually(async () => expect(fresh.events()).toEqual(['ADDED risk-dev', 'ADDED risk-prod']));
        const version = await harnessListVersion();
        sandbox.drift('hx', 'risk-dev');
        await eventually(async () => expect(fresh.events()).toContain('MODIFIED risk-dev'));
        const resumed = watch(hx, `query.resourceVersion=${version}`);
        try {
          await eventually(async () => expect(resumed.events()).toEqual(['MODIFIED risk-dev']));
        } finally {
          resumed.close();
        }
      } finally {
        fresh.close();
        sandbox.reset('hx');
      }
      const gone = watch(hx, 'query.resourceVersion=5');
      await eventually(async () => expect(gone.ended()).toBeDefined());
      expect(JSON.parse(gone.lines[0]).error).toEqual(expect.objectContaining({ http_code: 410, http_status: 'Gone' }));
    });

    it('refuses a parameter the operation does not take, and the stream faults reach it', async () => {
      const refused = await harnessClient(hx).get(
        `/gitops/api/v1/agents/${hx.agentIdentifier}/stream/applications?query.name=&fields=result.type`,
      );
      expect(refused.status).toBe(400);
      expect(refused.json.message).toContain('fields');

      const control = controlClient(hx);
      const opened = async () => {
        const stream = watch(hx, '');
        await eventually(async () => expect(stream.lines.length).toBeGreaterThan(0));
        stream.lines.length = 0;
        return stream;
      };
      const ended = await opened();
      expect((await control.post('/streams', { action: 'error' })).json.streams).toBe(1);
      await eventually(async () => expect(ended.ended()).toBe('end'));
      expect(JSON.parse(ended.lines[0]).error).toEqual(
        expect.objectContaining({ grpc_code: 14, http_code: 503, message: expect.any(String) }),
      );
      const cut = await opened();
      expect((await control.post('/streams', { action: 'cut' })).json.streams).toBe(1);
      await eventually(async () => expect(cut.ended()).toBeDefined());
    });
  });
});
