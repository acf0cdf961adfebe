import {
  MockFetchApi,
  mockApis,
  registerMswTestHooks,
} from '@backstage/test-utils';
import { ResponseError } from '@backstage/errors';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { errorMessage } from '../lib/errorMessage';
import { GitOpsClient } from './GitOpsClient';

const base = 'http://example.com/api/gitops';
const entityRef = 'component:default/payments';
const app = { entityRef, agentId: 'prod-eu', name: 'payments-prod' };

describe('GitOpsClient', () => {
  const server = setupServer();
  registerMswTestHooks(server);

  const client = new GitOpsClient({
    discoveryApi: mockApis.discovery({ baseUrl: 'http://example.com' }),
    fetchApi: new MockFetchApi(),
  });

  it('reads the applications of an entity by its ref', async () => {
    server.use(
      http.get(`${base}/entity/default/component/payments/applications`, () =>
        HttpResponse.json({ entityRef, environments: [], errors: [] }),
      ),
    );
    await expect(client.getEntityApplications(entityRef)).resolves.toEqual({
      entityRef,
      environments: [],
      errors: [],
    });
  });

  it('reads a resource and streams its log lines as they arrive, lines split across chunks', async () => {
    const seen: string[] = [];
    const encoder = new TextEncoder();
    server.use(
      http.get(
        `${base}/entity/default/component/payments/applications/prod-eu/payments-prod/resource/logs`,
        ({ request }) => {
          const url = new URL(request.url);
          seen.push(url.search);
          const body = new ReadableStream({
            start(controller) {
              controller.enqueue(
                encoder.encode('{"entry":{"pod":"p-1","content":"one"}}\n{"en'),
              );
              controller.enqueue(
                encoder.encode(
                  'try":{"pod":"p-1","content":"two"}}\n{"end":{"lines":2,"bytes":6}}\n',
                ),
              );
              controller.close();
            },
          });
          return new HttpResponse(body, {
            headers: { 'content-type': 'application/x-ndjson' },
          });
        },
      ),
    );
    const lines: unknown[] = [];
    await client.streamResourceLogs(
      app,
      { kind: 'Pod', name: 'p-1', namespace: 'payments', group: '' },
      { container: 'web', tailLines: 100, follow: true },
      line => lines.push(line),
      new AbortController().signal,
    );
    expect(lines).toEqual([
      { entry: { pod: 'p-1', content: 'one' } },
      { entry: { pod: 'p-1', content: 'two' } },
      { end: { lines: 2, bytes: 6 } },
    ]);
    expect(seen).toEqual([
      '?resourceKind=Pod&resourceName=p-1&resourceGroup=&resourceNamespace=payments&container=web&tailLines=100&follow=true',
    ]);
  });

  it("answers a resource the application lacks with the backend's message", async () => {
    server.use(
      http.get(
        `${base}/entity/default/component/payments/applications/prod-eu/payments-prod/resource/events`,
        () =>
          HttpResponse.json(
            {
              error: {
                name: 'NotFoundError',
                message:
                  'Application payments-prod on agent prod-eu has no resource Pod p-9',
              },
            },
            { status: 404 },
          ),
      ),
    );
    const error = await client
      .getResourceEvents(app, { kind: 'Pod', name: 'p-9' })
      .catch(e => e);
    expect(errorMessage(error)).toContain('has no resource Pod p-9');
  });

  it('reads delivery metrics and promotion insight with the window in days', async () => {
    const seen: string[] = [];
    const record = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      seen.push(`${url.pathname}${url.search}`);
      return HttpResponse.json({ ok: true });
    };
    server.use(
      http.get(`${base}/entity/default/component/payments/metrics`, record),
      http.get(`${base}/entity/default/component/payments/promotion`, record),
      http.get(`${base}/fleet/metrics`, record),
    );
    await client.getEntityDeliveryMetrics(entityRef, { windowDays: 7 });
    await client.getEntityDeliveryMetrics(entityRef);
    await client.getFleetDeliveryMetrics({ windowDays: 90 });
    await client.getEntityPromotion(entityRef);
    expect(seen).toEqual([
      '/api/gitops/entity/default/component/payments/metrics?window=7d',
      '/api/gitops/entity/default/component/payments/metrics',
      '/api/gitops/fleet/metrics?window=90d',
      '/api/gitops/entity/default/component/payments/promotion',
    ]);
  });

  it('passes the application namespace as a query parameter', async () => {
    let url: URL | undefined;
    server.use(
      http.get(
        `${base}/entity/default/component/payments/applications/prod-eu/payments-prod`,
        ({ request }) => {
          url = new URL(request.url);
          return HttpResponse.json({ application: { name: 'payments-prod' } });
        },
      ),
    );
    const result = await client.getApplication({ ...app, namespace: 'team-a' });
    expect(result).toEqual({ name: 'payments-prod' });
    expect(url?.searchParams.get('appNamespace')).toBe('team-a');
  });

  it('unwraps list responses', async () => {
    server.use(
      http.get(
        `${base}/entity/default/component/payments/applications/prod-eu/payments-prod/diff`,
        () =>
          HttpResponse.json({ items: [{ kind: 'Deployment', name: 'web' }] }),
      ),
      http.get(`${base}/environments`, () =>
        HttpResponse.json({ items: [{ name: 'dev', order: 0 }] }),
      ),
    );
    await expect(client.getApplicationDiff(app)).resolves.toEqual([
      { kind: 'Deployment', name: 'web' },
    ]);
    await expect(client.getEnvironments()).resolves.toEqual([
      { name: 'dev', order: 0 },
    ]);
  });

  it('asks for the configured environments once, and again after a failure', async () => {
    const fresh = new GitOpsClient({
      discoveryApi: mockApis.discovery({ baseUrl: 'http://example.com' }),
      fetchApi: new MockFetchApi(),
    });
    let asked = 0;
    let fail = true;
    server.use(
      http.get(`${base}/environments`, () => {
        asked += 1;
        if (fail) {
          fail = false;
          return HttpResponse.json(
            { error: { name: 'Error', message: 'down' } },
            { status: 503 },
          );
        }
        return HttpResponse.json({ items: [{ name: 'dev', order: 0 }] });
      }),
    );
    await expect(fresh.getEnvironments()).rejects.toThrow();
    const [a, b] = await Promise.all([
      fresh.getEnvironments(),
      fresh.getEnvironments(),
    ]);
    expect(a).toEqual([{ name: 'dev', order: 0 }]);
    expect(b).toBe(a);
    await fresh.getEnvironments();
    expect(asked).toBe(2);
  });

  it('posts operations with a JSON body', async () => {
    let body: unknown;
    server.use(
      http.post(
        `${base}/entity/default/component/payments/applications/prod-eu/payments-prod/sync`,
        async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({ auditId: 'a1', application: {} });
        },
      ),
    );
    const result = await client.syncApplication(app, {
      prune: true,
      dryRun: false,
    });
    expect(result.auditId).toBe('a1');
    expect(body).toEqual({ prune: true, dryRun: false });
  });

  it('repeats array filters as query parameters', async () => {
    let url: URL | undefined;
    server.use(
      http.get(`${base}/fleet/applications`, ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ items: [], errors: [], total: 0 });
      }),
    );
    await client.getFleetApplications({
      health: ['Degraded', 'Missing'],
      agent: ['prod-eu'],
      search: '',
    });
    expect(url?.searchParams.getAll('health')).toEqual(['Degraded', 'Missing']);
    expect(url?.searchParams.getAll('agent')).toEqual(['prod-eu']);
    expect(url?.searchParams.has('search')).toBe(false);
  });

  it('throws a ResponseError carrying the agent message', async () => {
    server.use(
      http.post(
        `${base}/entity/default/component/payments/applications/prod-eu/payments-prod/refresh`,
        () =>
          HttpResponse.json(
            { error: { name: 'Error', message: 'agent prod-eu timed out' } },
            { status: 502 },
          ),
      ),
    );
    const error = await client
      .refreshApplication(app, { mode: 'hard' })
      .catch(e => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.statusCode).toBe(502);
    expect(errorMessage(error)).toBe('agent prod-eu timed out');
  });

  describe("the user's ID token", () => {
    const appPath = `${base}/entity/default/component/payments/applications/prod-eu/payments-prod`;
    const appPathname = new URL(appPath).pathname;

    /** Records the user token header of each call, by method and path. */
    function recordTokens() {
      const seen: Array<[string, string | null]> = [];
      const record = ({ request }: { request: Request }) => {
        const url = new URL(request.url);
        seen.push([
          `${request.method} ${url.pathname.slice(appPathname.length)}${
            url.search
          }`,
          request.headers.get('X-GitOps-User-Token'),
        ]);
        return HttpResponse.json(
          url.pathname.endsWith('/agent-permissions')
            ? { identity: 'forwarded-oidc-token', actions: {} }
            : { auditId: 'a1', application: {} },
        );
      };
      server.use(
        http.post(`${appPath}/refresh`, record),
        http.post(`${appPath}/sync`, record),
        http.post(`${appPath}/rollback`, record),
        http.post(`${appPath}/terminate`, record),
        http.post(`${appPath}/resource-actions`, record),
        http.get(`${appPath}/agent-permissions`, record),
        http.get(appPath, () =>
          HttpResponse.json({ application: { name: 'payments-prod' } }),
        ),
      );
      return seen;
    }

    async function operate(subject: GitOpsClient) {
      await subject.refreshApplication(app, { mode: 'normal' });
      await subject.syncApplication(app, {});
      await subject.rollbackApplication(app, { id: 3 });
      await subject.terminateOperation(app);
      await subject.runResourceAction(
        app,
        { group: 'apps', kind: 'Deployment', namespace: 'pay', name: 'web' },
        'restart',
      );
      await subject.getAgentPermissions({ ...app, namespace: 'team-a' });
    }

    const operations = [
      'POST /refresh',
      'POST /sync',
      'POST /rollback',
      'POST /terminate',
      'POST /resource-actions',
      'GET /agent-permissions?appNamespace=team-a',
    ];

    it('goes with every operation and the agent permissions when the user has one', async () => {
      const seen = recordTokens();
      const getIdToken = jest.fn(async () => 'ada-id-token');
      const withUser = new GitOpsClient({
        discoveryApi: mockApis.discovery({ baseUrl: 'http://example.com' }),
        fetchApi: new MockFetchApi(),
        userIdentityApi: { getIdToken },
      });
      await operate(withUser);
      expect(seen).toEqual(operations.map(op => [op, 'ada-id-token']));
      // asked again for each call: a refreshed token is the one sent
      expect(getIdToken).toHaveBeenCalledTimes(operations.length);
      // reads do not carry it
      await withUser.getApplication(app);
      expect(getIdToken).toHaveBeenCalledTimes(operations.length);
    });

    it('is not sent when the user has none, nor when it cannot be read', async () => {
      for (const getIdToken of [
        async () => undefined,
        async () => '',
        async () => {
          throw new Error('no session');
        },
      ]) {
        const seen = recordTokens();
        await operate(
          new GitOpsClient({
            discoveryApi: mockApis.discovery({ baseUrl: 'http://example.com' }),
            fetchApi: new MockFetchApi(),
            userIdentityApi: { getIdToken },
          }),
        );
        expect(seen).toEqual(operations.map(op => [op, null]));
      }
      const seen = recordTokens();
      await operate(client);
      expect(seen).toEqual(operations.map(op => [op, null]));
    });
  });
});
