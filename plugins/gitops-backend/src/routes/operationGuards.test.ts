import { shopHarnessAgent, shopProdAgent } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { auditRows } from '../testUtils/auditLog';

jest.setTimeout(60_000);

/*
 * What an outside probe tried against the operation routes and the proxy:
 * side effects through read paths, bodies in other media types, and
 * refusals of the agent. Each must answer 4xx, reach no agent with a
 * side effect, and leave the audit log as it was.
 */

const scenario = shopFleet('gitops-backend-operation-guards', {
  services: { payments: { agents: ['nonprod', 'prod', 'hx'] } },
  agents: [
    'nonprod',
    shopProdAgent({
      // long enough for a second operation to arrive while one runs
      syncDurationMs: 3000,
    }),
    shopHarnessAgent('hx'),
  ],
});

const APP = '/api/gitops/entity/default/component/payments/applications';
const PROD = `${APP}/prod/payments-prod`;
const DEV = `${APP}/nonprod/payments-dev`;

/** Harness lists ApplicationSets with a POST of a filter: a read. */
const HARNESS_LIST = /\/gitops\/api\/v1\/applicationsets(\?|$)/;

/** Agent requests that change something: any write, or a refresh. */
const sideEffects = (requests: Array<{ method: string; url: string }>) =>
  requests.filter(
    r =>
      (r.method !== 'GET' &&
        !(r.method === 'POST' && HARNESS_LIST.test(r.url))) ||
      /[?&](refresh|forceRefresh|noCache|query\.refresh|query\.forceRefresh)=/.test(
        r.url,
      ),
  );

describe('operation guards', () => {
  const env = useShopFleet(scenario);

  /** Runs `probe`; asserts it changed neither the agents nor the audit log. */
  async function withoutSideEffects<T>(probe: () => Promise<T>): Promise<T> {
    const audit = await auditRows(env);
    const mark = env.agentRequests.length;
    const result = await probe();
    expect(sideEffects(env.agentRequests.slice(mark))).toEqual([]);
    expect(await auditRows(env)).toEqual(audit);
    return result;
  }

  describe('the proxy forwards only reads free of side effects', () => {
    it.each([
      [
        '/proxy/nonprod/api/v1/applications/payments-dev?refresh=hard',
        'refresh',
      ],
      [
        '/proxy/nonprod/api/v1/applications/payments-dev?refresh=normal',
        'refresh',
      ],
      ['/proxy/nonprod/api/v1/applications?refresh=hard', 'refresh'],
      [
        '/proxy/nonprod/api/v1/applications?selector=x%3Dy&refresh=normal',
        'refresh',
      ],
      ['/proxy/nonprod/api/v1/repositories?forceRefresh=true', 'forceRefresh'],
      [
        '/proxy/hx/gitops/api/v1/agents/hxagent/applications/payments-dev?query.refresh=hard',
        'query.refresh',
      ],
      [
        '/proxy/hx/gitops/api/v1/agents/hxagent/applications?query.refresh=normal',
        'query.refresh',
      ],
    ])('refuses %s with 400 naming %s', async (path, parameter) => {
      const res = await withoutSideEffects(() =>
        env.api().get(`/api/gitops${path}`).set('Authorization', env.auth),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(
        `query parameter '${parameter}'`,
      );
      expect(res.body.error.message).toMatch(/side effects/);
    });

    it('refuses a parameter the path does not take, naming the ones it does', async () => {
      const res = await withoutSideEffects(() =>
        env
          .api()
          .get('/api/gitops/proxy/nonprod/api/v1/clusters?upsert=true')
          .set('Authorization', env.auth),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        "The GitOps proxy does not forward query parameter 'upsert' on /api/v1/clusters; it takes server, name, id.type, id.value",
      );
    });

    it('forwards the read-only parameters of a path', async () => {
      const mark = env.agentRequests.length;
      const res = await env
        .api()
        .get(
          '/api/gitops/proxy/nonprod/api/v1/applications?selector=gitops%2Fservice%3Dpayments&fields=items.metadata.name',
        )
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      expect(res.body.items.map((a: any) => a.metadata.name).sort()).toEqual([
        'payments-dev',
        'payments-qa',
      ]);
      expect(env.agentRequests.slice(mark).map(r => r.url)).toContainEqual(
        expect.stringContaining('selector=gitops%2Fservice%3Dpayments'),
      );
    });
  });

  describe('operation bodies are JSON or nothing', () => {
    it.each([
      ['text/plain', '{"dryRun":true}'],
      ['application/x-www-form-urlencoded', 'dryRun=true'],
      ['application/xml', '<sync><dryRun>true</dryRun></sync>'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\ntrue\r\n--x--',
      ],
      ['application/octet-stream', '{"dryRun":true}'],
    ])(
      'answers a %s body of sync with 415 and runs nothing',
      async (type, body) => {
        const res = await withoutSideEffects(() =>
          env
            .api()
            .post(`${DEV}/sync`)
            .set('Authorization', env.auth)
            .set('Content-Type', type)
            .send(body),
        );
        expect(res.status).toBe(415);
        expect(res.body.error.message).toBe(
          `The request body must be application/json, not '${type}'`,
        );
      },
    );

    it('answers a body without a content type with 415', async () => {
      const res = await withoutSideEffects(
        () =>
          new Promise<{ status: number; body: any }>((resolve, reject) => {
            // supertest always adds a content type; a raw request does not
            const req = env
              .api()
              .post(`${DEV}/refresh`)
              .set('Authorization', env.auth);
            req.unset('Content-Type');
            req.send(Buffer.from('{"mode":"hard"}')).then(resolve, reject);
          }),
      );
      expect(res.status).toBe(415);
    });

    it('takes an absent body as the defaults where the API says so, and only there', async () => {
      const refresh = await env
        .api()
        .post(`${DEV}/refresh`)
        .set('Authorization', env.auth);
      expect(refresh.status).toBe(200);

      const rollback = await withoutSideEffects(() =>
        env.api().post(`${PROD}/rollback`).set('Authorization', env.auth),
      );
      expect(rollback.status).toBe(400);
      expect(rollback.body.error.message).toBe(
        "request/body must have required property 'id'",
      );

      const appset = await withoutSideEffects(() =>
        env
          .api()
          .post('/api/gitops/agents/nonprod/applicationsets')
          .set('Authorization', env.auth)
          .set('Content-Type', 'text/plain')
          .send('apiVersion: argoproj.io/v1alpha1'),
      );
      expect(appset.status).toBe(415);
    });
  });

  describe('requests are validated against the spec', () => {
    it('takes an entity ref in a query as people write it, unencoded', async () => {
      const res = await env
        .api()
        .get('/api/gitops/audit?entityRef=component:default/payments&limit=5')
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      expect(res.body.items).toEqual(expect.any(Array));
    });

    it('refuses a query parameter the spec does not know, naming it', async () => {
      const res = await env
        .api()
        .get(`${DEV}?refresh=hard`)
        .set('Authorization', env.auth);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('refresh');
    });

    it('refuses a value the spec does not allow, naming the parameter', async () => {
      const res = await env
        .api()
        .get('/api/gitops/fleet/applications?health=Sick')
        .set('Authorization', env.auth);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('health');
    });
  });

  describe('refusals of the agent are conflicts, not gateway errors', () => {
    it('answers a second sync while one runs with 409 and the agent’s reason', async () => {
      env.sandbox.drift('prod', 'payments-prod');
      const first = await env
        .api()
        .post(`${PROD}/sync`)
        .set('Authorization', env.auth)
        .send({});
      expect(first.status).toBe(200);

      const second = await withoutSideEffects(() =>
        env.api().post(`${PROD}/sync`).set('Authorization', env.auth).send({}),
      );
      expect(second.status).toBe(409);
      expect(second.body.error.message).toMatch(
        /Another operation is already in progress on payments-prod/,
      );
    });

    it('answers a rollback of an auto-synced application with 409', async () => {
      const res = await withoutSideEffects(() =>
        env
          .api()
          .post(`${DEV}/rollback`)
          .set('Authorization', env.auth)
          .send({ id: 0 }),
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(
        /Rollback cannot be initiated when auto-sync is enabled/,
      );
    });

    it('maps the agent’s own refusal of an invalid request to 400, not 502', async () => {
      // the sync of the test before ends first
      for (let i = 0; i < 100; i++) {
        const app = await env
          .agentFetch('prod', '/api/v1/applications/payments-prod')
          .then(r => r.json());
        if (app.status?.operationState?.phase !== 'Running') break;
        await new Promise(r => setTimeout(r, 100));
      }
      const res = await env
        .api()
        .post(`${PROD}/rollback`)
        .set('Authorization', env.auth)
        .send({ id: 987654 });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'invalid_request',
        agentId: 'prod',
      });
      expect(res.body.error.message).toMatch(
        /does not have deployment with id 987654/,
      );
    });
  });
});
