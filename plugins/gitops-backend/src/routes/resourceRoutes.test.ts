import { gitopsApplicationReadPermission } from '@gitops-suite/plugin-gitops-common';
import type {
  ResourceLogLine,
  ResourceNode,
} from '@gitops-suite/plugin-gitops-common';
import { useGitOpsTestBackend, waitFor } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

const MAX_BYTES = 4000;
const MAX_SECONDS = 3;

/*
 * A resource of an application, as the drawer opens it, through the router
 * on an Argo CD and a Harness agent of the real sandbox: the live manifest
 * (a Secret's data never shown), the events, the logs (scrubbed, cut at
 * the size limit, ended at the time limit, cancelled upstream when the
 * caller goes), a resource the application lacks, and a caller who may not
 * read the application.
 */
describe('resource reads (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(() =>
    startRouterFleet({
      logs: { maxBytes: MAX_BYTES, maxSeconds: MAX_SECONDS },
    }),
  );

  const apps = {
    argocd: {
      agent: 'prod',
      app: 'payments-prod',
      base: '/api/gitops/entity/default/component/payments/applications/prod/payments-prod',
    },
    harness: {
      agent: 'hx',
      app: 'risk-dev',
      base: '/api/gitops/entity/default/component/risk/applications/hx/risk-dev',
    },
  };

  async function node(base: string, kind: string): Promise<ResourceNode> {
    const tree = await env
      .api()
      .get(`${base}/resource-tree`)
      .set('Authorization', env.auth);
    expect(tree.status).toBe(200);
    const found = tree.body.nodes.find((n: ResourceNode) => n.kind === kind);
    expect(found).toBeDefined();
    return found;
  }

  const params = (n: ResourceNode) => ({
    resourceKind: n.kind,
    resourceName: n.name,
    resourceGroup: n.group ?? '',
    ...(n.version && { resourceVersion: n.version }),
    ...(n.namespace && { resourceNamespace: n.namespace }),
  });

  /** Follows a pod's log (its last line first) as a browser reads it. */
  const followLog = (base: string, pod: ResourceNode, signal?: AbortSignal) =>
    fetch(
      `http://localhost:${env.port}${base}/resource/logs?${new URLSearchParams({
        ...params(pod),
        follow: 'true',
        tailLines: '1',
      })}`,
      { headers: { Authorization: env.auth }, signal },
    );

  /** Writes `lines` to a pod's log on the sandbox agent. */
  async function writeLog(
    agent: string,
    application: string,
    pod: ResourceNode,
    lines: string[],
  ) {
    const written = await env.agentFetch(agent, '/_sandbox/logs', {
      method: 'POST',
      body: JSON.stringify({ application, pod: pod.name, lines }),
    });
    expect(written.status).toBe(200);
  }

  async function logLines(
    base: string,
    query: Record<string, string | number | boolean>,
  ): Promise<ResourceLogLine[]> {
    const res = await env
      .api()
      .get(`${base}/resource/logs`)
      .query(query)
      .set('Authorization', env.auth)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        r.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    return (res.body as string)
      .split('\n')
      .filter(Boolean)
      .map(line => JSON.parse(line));
  }

  describe.each(Object.entries(apps))('%s', (_kind, { agent, app, base }) => {
    it('reads the live manifest of a workload, with its containers', async () => {
      const deployment = await node(base, 'Deployment');
      const res = await env
        .api()
        .get(`${base}/resource`)
        .query(params(deployment))
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      expect(res.body.resource).toMatchObject({
        kind: 'Deployment',
        name: deployment.name,
        uid: deployment.uid,
      });
      expect(res.body.manifest).toMatchObject({
        kind: 'Deployment',
        metadata: { name: deployment.name },
      });
      expect(res.body.containers).toEqual([deployment.name]);
    });

    it('lists the events of a pod, with one the cluster just reported', async () => {
      const pod = await node(base, 'Pod');
      const added = await env.agentFetch(agent, '/_sandbox/events', {
        method: 'POST',
        body: JSON.stringify({
          application: app,
          resource: { kind: 'Pod', name: pod.name },
          type: 'Warning',
          reason: 'Unhealthy',
          message:
            'Readiness probe failed: HTTP probe failed with statuscode: 503',
        }),
      });
      expect(added.status).toBe(200);
      const res = await env
        .api()
        .get(`${base}/resource/events`)
        .query(params(pod))
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      const reasons = res.body.items.map((e: { reason: string }) => e.reason);
      expect(reasons).toEqual(
        expect.arrayContaining(['Scheduled', 'Started', 'Unhealthy']),
      );
      // most recent first
      expect(res.body.items[0]).toMatchObject({
        type: 'Warning',
        reason: 'Unhealthy',
        count: 1,
        involvedObject: { kind: 'Pod', name: pod.name, uid: pod.uid },
      });
      expect(Date.parse(res.body.items[0].lastSeen)).not.toBeNaN();
    });

    it('streams the logs of a workload: pod, container and time on each line, then the end', async () => {
      const deployment = await node(base, 'Deployment');
      const lines = await logLines(base, params(deployment));
      const entries = lines.filter(l => l.entry).map(l => l.entry!);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(entry.pod).toMatch(new RegExp(`^${deployment.name}-`));
        expect(entry.container).toBe(deployment.name);
        expect(Date.parse(entry.timestamp!)).not.toBeNaN();
      }
      expect(lines.at(-1)).toEqual({
        end: {
          lines: entries.length,
          bytes: entries.reduce(
            (sum, e) => sum + Buffer.byteLength(e.content),
            0,
          ),
        },
      });
    });

    it('answers a resource the application does not have with a 404 naming it', async () => {
      for (const path of ['resource', 'resource/events', 'resource/logs']) {
        const res = await env
          .api()
          .get(`${base}/${path}`)
          .query({ resourceKind: 'ConfigMap', resourceName: 'no-such-map' })
          .set('Authorization', env.auth);
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe(
          `Application ${app} on agent ${agent} has no resource ConfigMap no-such-map`,
        );
      }
    });

    it('refuses a caller who may not read the application, before asking the agent', async () => {
      const deployment = await node(base, 'Deployment');
      env.denied.add(gitopsApplicationReadPermission.name);
      const before = env.agentRequests.length;
      for (const path of ['resource', 'resource/events', 'resource/logs']) {
        const res = await env
          .api()
          .get(`${base}/${path}`)
          .query(params(deployment))
          .set('Authorization', env.auth);
        expect(res.status).toBe(403);
      }
      expect(env.agentRequests.slice(before)).toEqual([]);
    });
  });

  describe('Secrets and credentials (Argo CD)', () => {
    const { base, agent, app } = apps.argocd;

    it('never shows the data of a Secret, which the agent does send', async () => {
      const secret = await node(base, 'Secret');
      // the agent itself holds and sends the values
      const raw = await env
        .agentFetch(
          agent,
          `/api/v1/applications/${app}/resource?namespace=${secret.namespace}&resourceName=${secret.name}&version=v1&kind=Secret`,
        )
        .then(r => r.json());
      const rawData = JSON.parse(raw.manifest).data;
      expect(Object.keys(rawData).length).toBeGreaterThan(0);
      for (const value of Object.values(rawData)) {
        expect(env.sandbox.secretValues()).toContain(value);
      }

      const res = await env
        .api()
        .get(`${base}/resource`)
        .query(params(secret))
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      expect(res.body.manifest.kind).toBe('Secret');
      expect(Object.keys(res.body.manifest.data)).toEqual(Object.keys(rawData));
      for (const value of Object.values(res.body.manifest.data)) {
        expect(value).toBe('<redacted>');
      }
      for (const value of env.sandbox.secretValues()) {
        expect(res.text).not.toContain(value);
      }
    });

    it('scrubs the credentials a pod logs', async () => {
      const deployment = await node(base, 'Deployment');
      const lines = await logLines(base, params(deployment));
      const text = JSON.stringify(lines);
      expect(text).toContain('Connecting to postgres://payments:<redacted>@');
      for (const value of env.sandbox.secretValues()) {
        expect(text).not.toContain(value);
      }
    });

    it('scrubs JSON-array lines and KEY=value lines whose key names a secret', async () => {
      const pod = await node(base, 'Pod');
      await writeLog(agent, app, pod, [
        '[{"user":"x","password":"hunter2-in-array"}]',
        'DB_PASSWORD=hunter2-in-env',
        'export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG',
      ]);
      const lines = await logLines(base, { ...params(pod), tailLines: 3 });
      const contents = lines.filter(l => l.entry).map(l => l.entry!.content);
      expect(contents).toEqual([
        '[{"user":"x","password":"<redacted>"}]',
        'DB_PASSWORD=<redacted>',
        'export AWS_SECRET_ACCESS_KEY=<redacted>',
      ]);
    });

    it('cuts a stream at the size limit, saying so', async () => {
      const pod = await node(base, 'Pod');
      await writeLog(
        agent,
        app,
        pod,
        Array.from({ length: 100 }, (_, i) => `line ${i} ${'x'.repeat(90)}`),
      );
      const lines = await logLines(base, params(pod));
      const entries = lines.filter(l => l.entry).map(l => l.entry!);
      const bytes = entries.reduce(
        (s, e) => s + Buffer.byteLength(e.content),
        0,
      );
      expect(bytes).toBeLessThanOrEqual(MAX_BYTES);
      expect(entries.length).toBeLessThan(100);
      expect(lines.at(-1)).toEqual({
        truncated: {
          reason: 'size',
          message: `Truncated at the size limit of ${MAX_BYTES} bytes after ${entries.length} lines`,
        },
      });
    });

    it('follows a pod until the time limit ends the stream', async () => {
      const pod = await node(base, 'Pod');
      const lines: ResourceLogLine[] = [];
      const started = Date.now();
      const res = await followLog(base, pod);
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffered = '';
      const read = async () => {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) return;
          buffered += decoder.decode(chunk.value, { stream: true });
          const parts = buffered.split('\n');
          buffered = parts.pop()!;
          lines.push(...parts.filter(Boolean).map(p => JSON.parse(p)));
        }
      };
      const done = read();
      await waitFor(
        'the tail line',
        async () => lines.length >= 1 || undefined,
      );
      await writeLog(agent, app, pod, ['GET /healthz 200']);
      await waitFor(
        'the followed line',
        async () =>
          lines.some(l => l.entry?.content === 'GET /healthz 200') || undefined,
      );
      await done;
      expect(Date.now() - started).toBeGreaterThanOrEqual(
        MAX_SECONDS * 1000 - 100,
      );
      expect(lines.at(-1)).toEqual({
        truncated: {
          reason: 'time',
          message: `The stream ended at the time limit of ${MAX_SECONDS} s`,
        },
      });
    });

    it('cancels the agent stream when the caller goes away', async () => {
      const pod = await node(base, 'Pod');
      const openStreams = async () =>
        (await env.agentFetch(agent, '/_sandbox/state').then(r => r.json()))
          .logFollowers as number;
      const before = await openStreams();
      const caller = new AbortController();
      const res = await followLog(base, pod, caller.signal);
      expect(res.status).toBe(200);
      await waitFor(
        'the agent stream to open',
        async () => (await openStreams()) === before + 1 || undefined,
      );
      const opened = Date.now();
      caller.abort();
      // well before the time limit would end it
      await waitFor(
        'the agent stream to close',
        async () => (await openStreams()) === before || undefined,
        MAX_SECONDS * 1000 - 1000,
      );
      expect(Date.now() - opened).toBeLessThan(MAX_SECONDS * 1000);
    });
  });
});
