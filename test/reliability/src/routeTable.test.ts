import fs from 'node:fs';
import path from 'node:path';
import { mockCredentials } from '@backstage/backend-test-utils';
import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import { fleetApplications } from './support/fleetScenario';
import {
  applicationWriteRoutes,
  gitopsSpecPaths,
  repoRoot,
} from './support/gitopsRouteSpec';
import { ownerOf, ownerPolicy, MEMBERSHIP } from './support/ownerPolicy';

/*
 * The permission figure, derived from the route table rather than from
 * memory: every route of the gitops backend's OpenAPI spec with a side
 * effect, every GET route with each query parameter that mutates an agent,
 * and every path of Argo CD's swagger (and the Harness agent paths) through
 * the proxy, with every method and mutating parameter. Each is tried as no
 * token, a non-owner, an owner and a backend service, under the owner
 * policy. An attempt passes when a caller gets what it may not have: a 2xx
 * for a refused operation, or any request with a side effect reaching an
 * agent. Zero may pass.
 */

jest.setTimeout(120_000);

const swagger = JSON.parse(
  fs.readFileSync(
    path.join(repoRoot, 'packages/sandbox-agent/testdata/argocd/swagger.json'),
    'utf8',
  ),
);

/** Query parameters that make an agent do something. */
const MUTATING_QUERIES = [
  'refresh=hard',
  'refresh=normal',
  'forceRefresh=true',
  'noCache=true',
  'query.refresh=hard',
  'query.forceRefresh=true',
];
const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/**
 * POSTs that only read: Harness lists ApplicationSets with a POST of a
 * filter body (creating one is `POST /gitops/api/v1/applicationset`,
 * singular), and both APIs preview what a set generates with a POST.
 */
const READING_POSTS = [
  /\/gitops\/api\/v1\/applicationsets(\?|$)/,
  /\/gitops\/api\/v1\/applicationset\/generate(\?|$)/,
  /\/api\/v1\/applicationsets\/generate(\?|$)/,
];

/** An agent request with a side effect: any write, or a mutating query. */
const hasSideEffect = (r: { method: string; url: string }) =>
  (r.method !== 'GET' &&
    !(r.method === 'POST' && READING_POSTS.some(p => p.test(r.url)))) ||
  /[?&](refresh|forceRefresh|noCache|query\.refresh|query\.forceRefresh)=/.test(
    r.url,
  );

/** A valid body of each operation, so that only permissions can refuse it. */
const BODIES: Record<string, object> = {
  refresh: { mode: 'hard' },
  sync: { dryRun: true },
  rollback: { id: 1, dryRun: true },
  revert: { id: 1 },
  terminate: {},
  'sync-policy': {
    automated: false,
    prune: false,
    selfHeal: false,
    reason: 'route table',
  },
  'resource-actions': {
    resource: { group: 'apps', version: 'v1', kind: 'Deployment', name: 'x' },
    action: 'restart',
  },
};

type Caller = 'none' | 'nonOwner' | 'owner' | 'service';
const CALLERS: Caller[] = ['none', 'nonOwner', 'owner', 'service'];

/** The caller's Authorization header for an application's entity. */
function header(caller: Caller, entity: string): string | undefined {
  const owner = ownerOf(`component:default/${entity}`);
  const user = (own: boolean) =>
    Object.keys(MEMBERSHIP).find(
      u => MEMBERSHIP[u].includes(String(owner)) === own,
    )!;
  switch (caller) {
    case 'none':
      return undefined;
    case 'service':
      return mockCredentials.service.header();
    case 'owner':
      return mockCredentials.user.header(user(true));
    default:
      return mockCredentials.user.header(user(false));
  }
}

/** A spec path with its parameters filled in for one application. */
function fill(
  template: string,
  app: { agent: string; name: string; entity: string },
) {
  return template
    .replace('{namespace}', 'default')
    .replace('{kind}', 'component')
    .replace('{name}', app.entity)
    .replace('{agentId}', app.agent)
    .replace('{appName}', app.name)
    .replace('{setName}', 'payments-set')
    .replace('{revision}', 'HEAD');
}

/** Argo CD's GET paths, from its swagger, filled in for one application. */
const argoPaths = (app: string) =>
  Object.entries(swagger.paths as Record<string, Record<string, unknown>>)
    .filter(([, methods]) => methods.get)
    .map(([p]) => p.replace(/\{[^}]+\}/g, m => (/name/i.test(m) ? app : 'x')));

/** The Harness agent's application, cluster and repository paths. */
const harnessPaths = (agent: string, app: string) =>
  [
    '',
    '/applications',
    `/applications/${app}`,
    `/applications/${app}/resource-tree`,
    `/applications/${app}/managed-resources`,
    `/applications/${app}/syncwindows`,
    `/applications/${app}/events`,
    `/applications/${app}/manifests`,
    `/applications/${app}/revisions/HEAD/metadata`,
    `/applications/${app}/sync`,
    `/applications/${app}/rollback`,
    '/clusters',
    '/repositories',
  ].map(p => `/gitops/api/v1/agents/${agent}${p}`);

describe('permissions derived from the route table', () => {
  let env: ReliabilityBackend;
  const counts: Record<string, number> = {};
  const passed: string[] = [];
  let attempts = 0;

  beforeAll(async () => {
    env = await startReliabilityBackend({ authorize: ownerPolicy() });
  });

  afterAll(async () => {
    await env?.stop();
    // eslint-disable-next-line no-console
    console.log(
      `permissions (route table, owner policy): ${attempts} attempts (${CALLERS.map(
        caller =>
          `${caller} ${Object.entries(counts)
            .filter(([kind]) => kind.endsWith(`/${caller}`))
            .reduce((sum, [, n]) => sum + n, 0)}`,
      ).join(', ')}): ${passed.length} passed`,
    );
  });

  /**
   * One attempt; it passes when `refused` and the answer is 2xx, or when
   * anything with a side effect reached an agent.
   */
  async function attempt(
    kind: string,
    method: 'get' | (typeof WRITE_METHODS)[number],
    url: string,
    authorization: string | undefined,
    refused: boolean,
    body?: object,
  ) {
    const mark = env.tap.seen.length;
    let req = env.api()[method](url);
    if (authorization) req = req.set('Authorization', authorization);
    if (body) req = req.send(body);
    const res = await req;
    attempts += 1;
    counts[kind] = (counts[kind] ?? 0) + 1;
    const effects = env.agentRequests.slice(mark).filter(hasSideEffect);
    const ok = res.status >= 200 && res.status < 300;
    if ((refused && ok) || effects.length) {
      passed.push(
        `${kind}: ${method.toUpperCase()} ${url} -> ${
          res.status
        }, agent side effects: ${effects
          .map(e => `${e.method} ${e.url}`)
          .join(', ')}`,
      );
    }
    return res.status;
  }

  const specPaths = gitopsSpecPaths();

  it('covers every route of the spec', () => {
    const methods = specPaths.flatMap(([p, m]) =>
      Object.keys(m)
        .filter(k => k !== 'parameters')
        .map(k => `${k} ${p}`),
    );
    expect(methods.filter(m => m.startsWith('post'))).toEqual([
      'post /entity/{namespace}/{kind}/{name}/pull-requests/merge',
      'post /entity/{namespace}/{kind}/{name}/git-writes/authorize',
      'post /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/refresh',
      'post /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync',
      'post /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/rollback',
      'post /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/revert',
      'post /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/terminate',
      'post /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/resource-actions',
      'post /agents/{agentId}/applicationsets',
      'post /agents/{agentId}/applicationsets/generate',
    ]);
    expect(methods.filter(m => !/^(get|post) /.test(m))).toEqual([
      'put /entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync-policy',
      'delete /agents/{agentId}/applicationsets/{setName}',
    ]);
  });

  it('refuses every operation route to all but the owner', async () => {
    const writes = applicationWriteRoutes();
    const operations = writes.map(([, p]) => p);
    for (const app of fleetApplications) {
      for (const [method, template] of writes) {
        const url = `/api/gitops${fill(template, app)}`;
        const body = BODIES[url.slice(url.lastIndexOf('/') + 1)];
        for (const caller of CALLERS.filter(c => c !== 'owner')) {
          const status = await attempt(
            `operation/${caller}`,
            method,
            url,
            header(caller, app.entity),
            true,
            body,
          );
          expect([401, 403]).toContain(status);
        }
      }
    }
    // owners do get through: the policy is not deny-all
    const own = fleetApplications[0];
    const res = await env
      .api()
      .post(
        `/api/gitops${fill(
          operations.find(o => o.endsWith('/refresh'))!,
          own,
        )}`,
      )
      .set('Authorization', header('owner', own.entity)!)
      .send({});
    expect(res.status).toBe(200);
    expect(passed).toEqual([]);
  });

  it('refuses the merge of a promotion pull request to all but the owner', async () => {
    for (const entity of [...new Set(fleetApplications.map(a => a.entity))]) {
      const url = `/api/gitops/entity/default/component/${entity}/pull-requests/merge`;
      for (const caller of CALLERS.filter(c => c !== 'owner')) {
        const status = await attempt(
          `merge/${caller}`,
          'post',
          url,
          header(caller, entity),
          true,
          { repoUrl: `github.com?owner=acme&repo=${entity}-deploy`, number: 1 },
        );
        expect([401, 403]).toContain(status);
      }
    }
    expect(passed).toEqual([]);
  });

  it('lets only the owning team create or upsert an ApplicationSet', async () => {
    const manifest = (name: string, service: string) => ({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name },
      spec: {
        generators: [{ list: { elements: [{ env: 'dev' }] } }],
        template: {
          metadata: {
            name: `${name}-{{env}}`,
            labels: { 'gitops/service': service },
          },
          spec: {
            project: 'payments',
            source: {
              repoURL: `https://github.com/acme/${service}.git`,
              path: 'deploy',
              targetRevision: 'HEAD',
            },
            destination: {
              server: 'https://kubernetes.default.svc',
              namespace: `${name}-{{env}}`,
            },
          },
        },
      },
    });
    const url = '/api/gitops/agents/nonprod/applicationsets';
    // payments (team-a) creates its set; it generates payments-labelled apps
    const created = await env
      .api()
      .post(url)
      .set('Authorization', header('owner', 'payments')!)
      .send({
        manifest: manifest('payments-set', 'payments'),
        entityRef: 'component:default/payments',
      });
    expect(created.status).toBe(201);
    expect(created.body.auditId).toBeDefined();

    const grown = manifest('payments-set', 'payments');
    grown.spec.generators[0].list.elements.push({ env: 'qa' });
    const tries: Array<[string, string | undefined, object]> = [];
    for (const caller of CALLERS.filter(c => c !== 'owner')) {
      const authorization = header(caller, 'payments');
      // upsert another team's set, naming nothing, the set's own entity,
      // or an entity the caller does own
      tries.push([caller, authorization, { manifest: grown, upsert: true }]);
      tries.push([
        caller,
        authorization,
        {
          manifest: grown,
          upsert: true,
          entityRef: 'component:default/payments',
        },
      ]);
      tries.push([
        caller,
        authorization,
        {
          manifest: grown,
          upsert: true,
          entityRef: 'component:default/checkout',
        },
      ]);
      // a new set for an entity the caller does not own
      tries.push([
        caller,
        authorization,
        {
          manifest: manifest('intruder', 'payments'),
          entityRef: 'component:default/payments',
        },
      ]);
      tries.push([
        caller,
        authorization,
        {
          manifest: manifest('intruder', 'payments'),
          entityRef: 'group:default/team-a',
        },
      ]);
    }
    for (const [caller, authorization, body] of tries) {
      const status = await attempt(
        `applicationset/${caller}`,
        'post',
        url,
        authorization,
        true,
        body,
      );
      expect([400, 401, 403, 404]).toContain(status);
    }
    const set = await env.sandbox.agent('nonprod');
    const res = await fetch(`${set.url}/api/v1/applicationsets/payments-set`, {
      headers: { authorization: `Bearer ${set.token}` },
    }).then(r => r.json());
    expect(res.spec.generators[0].list.elements).toEqual([{ env: 'dev' }]);
    const intruder = await fetch(`${set.url}/api/v1/applicationsets/intruder`, {
      headers: { authorization: `Bearer ${set.token}` },
    });
    expect(intruder.status).toBe(404);

    // nobody but its owners previews for payments or deletes its set
    for (const caller of CALLERS.filter(c => c !== 'owner')) {
      const authorization = header(caller, 'payments');
      const previewed = await attempt(
        `applicationset-preview/${caller}`,
        'post',
        `${url}/generate`,
        authorization,
        true,
        {
          manifest: manifest('preview', 'payments'),
          entityRef: 'component:default/payments',
        },
      );
      expect([401, 403]).toContain(previewed);
      const deleted = await attempt(
        `applicationset-delete/${caller}`,
        'delete',
        `${url}/payments-set`,
        authorization,
        true,
      );
      expect([401, 403]).toContain(deleted);
    }
    const kept = await fetch(`${set.url}/api/v1/applicationsets/payments-set`, {
      headers: { authorization: `Bearer ${set.token}` },
    });
    expect(kept.status).toBe(200);
    // the owners preview without a side effect
    const mark = env.tap.seen.length;
    const preview = await env
      .api()
      .post(`${url}/generate`)
      .set('Authorization', header('owner', 'payments')!)
      .send({
        manifest: manifest('preview', 'payments'),
        entityRef: 'component:default/payments',
      });
    expect(preview.status).toBe(200);
    expect(env.agentRequests.slice(mark).filter(hasSideEffect)).toEqual([]);
    expect(passed).toEqual([]);
  });

  it('never lets a GET route or the proxy cause a side effect on an agent', async () => {
    const app = fleetApplications[0];
    const harnessApp = fleetApplications.find(a => a.agent === 'hx')!;
    const gets = specPaths
      .filter(([p, m]) => m.get && !p.startsWith('/proxy'))
      .map(([p]) => `/api/gitops${fill(p, app)}`);
    const proxied = [
      ...argoPaths(app.name).map(p => `/api/gitops/proxy/${app.agent}${p}`),
      ...harnessPaths('hxagent', harnessApp.name).map(
        p => `/api/gitops/proxy/hx${p}`,
      ),
    ];
    for (const caller of CALLERS) {
      const authorization = header(caller, app.entity);
      for (const url of [...gets, ...proxied]) {
        for (const query of MUTATING_QUERIES) {
          await attempt(
            `get+${query.split('=')[0]}/${caller}`,
            'get',
            `${url}?${query}`,
            authorization,
            url.includes('/proxy/'),
          );
        }
      }
      for (const url of proxied) {
        for (const method of WRITE_METHODS) {
          await attempt(
            `proxy-${method}/${caller}`,
            method,
            url,
            authorization,
            true,
            {},
          );
        }
      }
    }
    expect(passed).toEqual([]);
  });
});
