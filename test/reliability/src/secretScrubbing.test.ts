import fc from 'fast-check';
import { startSandbox, Sandbox } from '@gitops-suite/sandbox-agent';
import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import { componentEntity } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { fleetScenario } from './support/fleetScenario';
import {
  applicationPath,
  FLEET_READS,
  PAYMENTS_READS,
} from './support/readRoutes';
import {
  clusterCase,
  clusterSpec,
  repositoryCase,
  repositorySpec,
  serviceNames,
} from './support/secretArbitraries';

/*
 * Secret scrubbing, property-based: every case puts freshly generated
 * repository credentials, cluster credentials and Kubernetes Secret data
 * into the sandbox agents, then reads them back through every read route
 * and the guarded proxy. No secret value may appear in any body or header.
 */

const RUNS = 60;
const AGENTS = ['nonprod', 'prod', 'hx'] as const;

/** Components that name their applications (`gitops/app-name`). */
const component = (name: string, apps: string[]) =>
  componentEntity(
    name,
    { 'gitops/app-name': apps.join(',') },
    'group:default/team-a',
  );

const entities = [
  component('payments', ['payments-dev', 'payments-qa', 'payments-prod']),
  component('risk', ['risk-dev', 'risk-prod']),
];

const app = (agent: string, name: string, entity = 'payments') =>
  applicationPath(entity, agent, name);

const READ_ROUTES = [
  ...FLEET_READS,
  ...PAYMENTS_READS,
  '/api/gitops/entity/default/component/payments/applicationsets',
  '/api/gitops/entity/default/component/payments/metrics',
  '/api/gitops/entity/default/component/payments/promotion',
  '/api/gitops/fleet/metrics',
  app('nonprod', 'payments-dev'),
  `${app('nonprod', 'payments-dev')}/resource-tree`,
  `${app('nonprod', 'payments-dev')}/diff`,
  `${app('nonprod', 'payments-dev')}/syncwindows`,
  `${app('nonprod', 'payments-dev')}/events`,
  `${app('prod', 'payments-prod')}/diff`,
  `${app('hx', 'risk-dev', 'risk')}/diff`,
  `${app('hx', 'risk-dev', 'risk')}/resource-tree`,
];

const PROXY_ROUTES = [
  '/api/gitops/proxy/nonprod/api/v1/repositories',
  '/api/gitops/proxy/nonprod/api/v1/clusters',
  '/api/gitops/proxy/nonprod/api/v1/applications',
  '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev',
  '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev/managed-resources',
  '/api/gitops/proxy/nonprod/api/v1/applications/payments-qa/resource-tree',
  '/api/gitops/proxy/prod/api/v1/repositories',
  '/api/gitops/proxy/prod/api/v1/clusters',
  '/api/gitops/proxy/prod/api/v1/applications/payments-prod/managed-resources',
  '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/repositories',
  '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/clusters',
  '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/applications/risk-dev/managed-resources',
];

const corpusCase = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 12 }),
  services: serviceNames,
  repositories: fc.record({
    nonprod: fc.array(repositoryCase, { minLength: 4, maxLength: 6 }),
    prod: fc.array(repositoryCase, { minLength: 4, maxLength: 6 }),
    hx: fc.array(repositoryCase, { minLength: 4, maxLength: 6 }),
  }),
  clusters: fc.record({
    nonprod: fc.array(clusterCase, { minLength: 2, maxLength: 4 }),
    prod: fc.array(clusterCase, { minLength: 2, maxLength: 4 }),
    hx: fc.array(clusterCase, { minLength: 2, maxLength: 4 }),
  }),
});
type CorpusCase = typeof corpusCase extends fc.Arbitrary<infer T> ? T : never;

/** The scenario of a case, the secret values it planted and how many payloads. */
function buildCase(c: CorpusCase) {
  const planted: string[] = [];
  const derived: string[] = [];
  const repositories: Record<string, unknown[]> = {};
  const clusters: Record<string, unknown[]> = {};
  for (const agent of AGENTS) {
    const repos = c.repositories[agent].map(repositorySpec);
    const kubes = c.clusters[agent].map((k, i) =>
      clusterSpec(k, `gen-${agent}-${i}`),
    );
    repositories[agent] = repos.map(r => r.spec);
    clusters[agent] = kubes.map(k => k.spec);
    planted.push(
      ...repos.flatMap(r => r.secrets),
      ...kubes.flatMap(k => k.secrets),
    );
    derived.push(...kubes.flatMap(k => k.derived));
  }
  let payloads = AGENTS.reduce(
    (n, agent) => n + c.repositories[agent].length + c.clusters[agent].length,
    0,
  );
  const scenario = fleetScenario({
    seed: `corpus-${c.seed}`,
    repositories,
    clusters,
  });
  // Generated service names: the sandbox derives each service's Secret
  // data from them; application names stay fixed for the routes.
  const fixed = ['payments', 'checkout', 'risk'];
  scenario.services = scenario.services.map((service, i) => ({
    ...service,
    name: c.services[i],
    appName: `${fixed[i]}-{env}`,
  }));
  payloads += 8; // the Secret manifests of 8 applications (managed resources, diffs)
  return { scenario, planted, derived, payloads };
}

/** The forms in which a secret value could show up in an HTTP answer. */
function forms(secret: string): string[] {
  return [
    ...new Set([
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
    ]),
  ];
}

async function rawUpstream(sandbox: Sandbox): Promise<string> {
  const texts: string[] = [];
  for (const agent of sandbox.agents) {
    const paths =
      agent.kind === 'argocd'
        ? [
            '/api/v1/repositories',
            '/api/v1/clusters',
            `/api/v1/applications/${
              agent.id === 'prod' ? 'payments-prod' : 'payments-dev'
            }/managed-resources`,
          ]
        : [
            `/gitops/api/v1/agents/${agent.agentIdentifier}/repositories`,
            `/gitops/api/v1/agents/${agent.agentIdentifier}/clusters`,
          ];
    const scope = new URLSearchParams({
      accountIdentifier: agent.accountIdentifier ?? '',
      routingId: agent.accountIdentifier ?? '',
      orgIdentifier: agent.orgIdentifier ?? '',
      projectIdentifier: agent.projectIdentifier ?? '',
    });
    for (const path of paths) {
      const res = await fetch(
        `${agent.url}${path}${agent.kind === 'harness' ? `?${scope}` : ''}`,
        {
          headers:
            agent.kind === 'argocd'
              ? { authorization: `Bearer ${agent.token}` }
              : { 'x-api-key': agent.token },
        },
      );
      texts.push(await res.text());
    }
  }
  return texts.join('\n');
}

describe('secret scrubbing (property-based)', () => {
  let env: ReliabilityBackend;
  let current: Sandbox | undefined;
  let payloads = 0;
  let cases = 0;
  let responses = 0;
  let checkedSecrets = 0;
  let leaks = 0;

  beforeAll(async () => {
    env = await startReliabilityBackend({ entities });
  });

  afterAll(async () => {
    await current?.close();
    await env?.stop();
    // eslint-disable-next-line no-console
    console.log(
      `secret scrubbing: ${payloads} generated repository/cluster/diff payloads in ${cases} cases through ${
        READ_ROUTES.length + 1
      } read routes + ${
        PROXY_ROUTES.length
      } proxy paths (${responses} responses, ${checkedSecrets} secret values checked): ${leaks} secret values in bodies or headers`,
    );
  });

  it('never lets a generated secret out through a read route or the proxy', async () => {
    await fc.assert(
      fc.asyncProperty(corpusCase, async c => {
        const { scenario, planted, derived, payloads: count } = buildCase(c);
        const sandbox = await startSandbox({ scenario, log: () => {} });
        env.tap.retarget(sandbox.baseUrl);
        const previous = current;
        current = sandbox;
        await previous?.close();

        const upstream = await rawUpstream(sandbox);
        // every value the sandbox counts as a secret, caData too (the
        // scrubber redacts what Argo CD's Cluster.Sanitized drops)
        const secrets = [
          ...new Set([
            ...planted,
            ...derived,
            ...sandbox.secretValues().filter(v => v.length >= 8),
          ]),
        ];
        // not vacuous: every planted value really is served upstream
        const missing = planted.filter(
          s => !forms(s).some(f => upstream.includes(f)),
        );
        expect(missing).toEqual([]);

        const found: string[] = [];
        // the revision route needs a revision the agent knows
        const detail = await env
          .api()
          .get(app('nonprod', 'payments-dev'))
          .set('Authorization', env.userHeader());
        const revision = detail.body?.application?.sync?.revision;
        expect(revision).toEqual(expect.any(String));
        const revisionRoute = `${app(
          'nonprod',
          'payments-dev',
        )}/revisions/${revision}`;
        for (const route of [...READ_ROUTES, revisionRoute, ...PROXY_ROUTES]) {
          const res = await env
            .api()
            .get(route)
            .set('Authorization', env.userHeader());
          responses += 1;
          if (res.status >= 500 || res.status === 404) {
            found.push(
              `${route} answered ${res.status}: ${res.text.slice(0, 200)}`,
            );
          }
          const headers = JSON.stringify(res.headers);
          for (const secret of secrets) {
            for (const form of forms(secret)) {
              if (res.text.includes(form) || headers.includes(form)) {
                found.push(
                  `${route} leaks ${JSON.stringify(secret.slice(0, 40))}`,
                );
                leaks += 1;
              }
            }
          }
        }
        cases += 1;
        payloads += count;
        checkedSecrets += secrets.length;
        expect(found).toEqual([]);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(payloads).toBeGreaterThanOrEqual(1000);
  });
});
