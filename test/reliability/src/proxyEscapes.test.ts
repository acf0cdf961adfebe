import fc from 'fast-check';
import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import { OtherHost, startOtherHost } from './support/otherHost';
import { rawRequest } from './support/rawHttp';

/*
 * Proxy escapes: generated attempts to make the guarded proxy reach
 * something it must not (traversal, encoded and double-encoded slashes,
 * absolute and protocol-relative URLs, other hosts, unlisted paths, write
 * methods, header injection). A recording proxy in front of every agent
 * and a second "other host" listener prove that none gets anywhere.
 */

const RUNS = 300;

type Attempt = {
  kind: string;
  method: string;
  target: string;
  headers: string[];
  body?: string;
};

function attempts(other: string) {
  const agent = fc.constantFrom('nonprod', 'prod', 'hx');
  const traversalStep = fc.constantFrom(
    '../',
    '..%2f',
    '..%2F',
    '%2e%2e/',
    '%2e%2e%2f',
    '%252e%252e%252f',
    '..\\',
    '..%5c',
    '..%255c',
    '.%2e/',
    '%2e./',
    '%c0%ae%c0%ae/',
    '..;/',
    '....//',
  );
  const forbiddenTarget = fc.constantFrom(
    'api/v1/session',
    'api/v1/account',
    '_sandbox/secrets',
    'api/v1/settings',
    'api/v1/certificates',
    'api/v1/gpgkeys',
    '../agents/prod/api/v1/applications',
    `${other}/api/v1/applications`,
  );
  const slash = fc.constantFrom(
    '%2f',
    '%2F',
    '%252f',
    '%252F',
    '%5c',
    '%255c',
    '\\',
    '%25%32%66',
  );
  const scheme = fc.constantFrom(
    'http://',
    'https://',
    'HTTP://',
    'http:%2f%2f',
    'http:\\\\',
    'gopher://',
    'file://',
  );
  const protocolRelative = fc.constantFrom(
    '//',
    '/%2f',
    '/%252f',
    '/\\\\',
    '/%5c%5c',
    '///',
  );
  const unlisted = fc.constantFrom(
    '/api/v1/session',
    '/api/v1/session/userinfo',
    '/api/v1/account',
    '/api/v1/account/admin/token',
    '/api/v1/settings',
    '/api/v1/certificates',
    '/api/v1/gpgkeys',
    '/api/v1/write-repositories',
    '/api/v1/repocreds',
    '/api/v1/applications/payments-dev/sync',
    '/api/v1/applications/payments-dev/manifests',
    '/api/v1/applications/payments-dev/pods/web-1/logs',
    '/api/v1/applications/payments-dev/resource',
    '/api/v1/projects/shop/roles/ci/token',
    '/api/v1/stream/applications',
    '/_sandbox/secrets',
    '/_sandbox/faults',
    '/_sandbox/state',
    '/gitops/api/v1/agents/hxagent/applications/risk-dev/sync',
    '/gitops/api/v1/tokens',
    '/ng/api/connectors',
    '/api/v1/applications/',
    '/',
    '',
    '/api/v1/applications/payments-dev/%00',
  );
  const allowed = fc.constantFrom(
    '/api/v1/applications',
    '/api/v1/applications/payments-dev',
    '/api/v1/clusters',
    '/gitops/api/v1/agents/hxagent/applications',
  );
  const writeMethod = fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE');
  const injectedHeaders = fc.subarray([
    `X-Forwarded-Host: ${other}`,
    'X-Original-URL: /api/gitops/proxy/nonprod/api/v1/applications',
    'X-Rewrite-URL: /api/gitops/proxy/nonprod/api/v1/applications',
    `Forwarded: host=${other};proto=http`,
    'X-HTTP-Method-Override: GET',
    'X-Forwarded-Prefix: /agents/nonprod',
  ]);
  const crlf = fc.constantFrom(
    `%0d%0aHost:%20${other}`,
    `%0d%0a%0d%0aGET%20http://${other}/%20HTTP/1.1`,
    '%0aX-Injected:%201',
    '%E5%98%8A%E5%98%8DX-Injected:%201',
    `%250d%250aHost:%20${other}`,
  );
  const base = (a: string) => `/api/gitops/proxy/${a}`;

  return fc.oneof(
    fc
      .record({
        a: agent,
        steps: fc.array(traversalStep, { minLength: 1, maxLength: 4 }),
        t: forbiddenTarget,
        h: injectedHeaders,
      })
      .map(
        ({ a, steps, t, h }): Attempt => ({
          kind: 'traversal',
          method: 'GET',
          target: `${base(a)}/api/v1/applications/${steps.join('')}${t}`,
          headers: h,
        }),
      ),
    fc.record({ a: agent, s: slash, h: injectedHeaders }).map(
      ({ a, s, h }): Attempt => ({
        kind: 'encoded slash',
        method: 'GET',
        target: `${base(a)}/api/v1/applications${s}payments-dev`,
        headers: h,
      }),
    ),
    fc.record({ a: agent, s: scheme, h: injectedHeaders }).map(
      ({ a, s, h }): Attempt => ({
        kind: 'absolute URL',
        method: 'GET',
        target: `${base(a)}/${s}${other}/api/v1/applications`,
        headers: h,
      }),
    ),
    fc.record({ a: agent, p: protocolRelative, h: injectedHeaders }).map(
      ({ a, p, h }): Attempt => ({
        kind: 'protocol-relative URL',
        method: 'GET',
        target: `${base(a)}${p}${other}/api/v1/applications`,
        headers: h,
      }),
    ),
    fc
      .record({
        a: fc.constantFrom(
          other,
          `nonprod@${other}`,
          `nonprod%40${other}`,
          encodeURIComponent(`http://${other}`),
          'elsewhere',
          'nonprod.',
          'NONPROD',
          '%6eonprod',
          'nonprod%00',
        ),
        h: injectedHeaders,
      })
      .map(
        ({ a, h }): Attempt => ({
          kind: 'other host or agent',
          method: 'GET',
          target: `${base(a)}/api/v1/applications`,
          headers: h,
        }),
      ),
    fc.record({ a: agent, h: injectedHeaders }).map(
      ({ a, h }): Attempt => ({
        kind: 'other host or agent',
        method: 'GET',
        target: `${base(a)}/@${other}/api/v1/applications`,
        headers: h,
      }),
    ),
    fc
      .record({
        a: agent,
        p: unlisted,
        q: fc.constantFrom(
          '',
          '?/api/v1/applications',
          '#/api/v1/applications',
        ),
        h: injectedHeaders,
      })
      .map(
        ({ a, p, q, h }): Attempt => ({
          kind: 'unlisted path',
          method: 'GET',
          target: `${base(a)}${p}${q}`,
          headers: h,
        }),
      ),
    fc.record({ a: agent, p: allowed, m: writeMethod, h: injectedHeaders }).map(
      ({ a, p, m, h }): Attempt => ({
        kind: 'write method',
        method: m,
        target: `${base(a)}${p}`,
        headers: h,
        body: '{"spec":{}}',
      }),
    ),
    fc.record({ a: agent, p: allowed, c: crlf, h: injectedHeaders }).map(
      ({ a, p, c, h }): Attempt => ({
        kind: 'header injection',
        method: 'GET',
        target: `${base(a)}${p}${c}`,
        headers: h,
      }),
    ),
  );
}

describe('proxy escapes', () => {
  let env: ReliabilityBackend;
  let other: OtherHost;
  let port: number;
  const byKind = new Map<string, number>();
  const distinct = new Set<string>();
  const passed: string[] = [];
  let headerOnly = 0;

  beforeAll(async () => {
    other = await startOtherHost();
    env = await startReliabilityBackend();
    port = env.port;
  });

  afterAll(async () => {
    await env?.stop();
    await other?.close();
    const kinds = [...byKind.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
    // eslint-disable-next-line no-console
    console.log(
      `proxy escapes: ${[...byKind.values()].reduce(
        (a, b) => a + b,
        0,
      )} generated attempts (${
        distinct.size
      } distinct; ${kinds}) + ${headerOnly} header injections on allowed GETs: ${
        passed.length
      } reached an agent or another host (agent requests ${
        env?.tap.seen.length ?? '?'
      } = the ${headerOnly} allowed GETs only, other host ${
        other?.seen.length ?? '?'
      })`,
    );
  });

  it('lets no generated escape attempt reach an agent or another host', async () => {
    const otherHost = `127.0.0.1:${other.port}`;
    await fc.assert(
      fc.asyncProperty(attempts(otherHost), async attempt => {
        byKind.set(attempt.kind, (byKind.get(attempt.kind) ?? 0) + 1);
        distinct.add(
          `${attempt.method} ${attempt.target} ${attempt.headers.join('|')}`,
        );
        const mark = env.tap.seen.length;
        const answer = await rawRequest(
          port,
          `${attempt.method} ${attempt.target} HTTP/1.1`,
          [`Authorization: ${env.userHeader()}`, ...attempt.headers],
          attempt.body,
        );
        const reached = env.agentRequests.slice(mark);
        const ok =
          reached.length === 0 &&
          other.seen.length === 0 &&
          answer.status >= 400 &&
          answer.status < 500;
        if (!ok) {
          passed.push(
            `${attempt.kind}: ${attempt.method} ${attempt.target} -> ${
              answer.status
            }, agent saw ${JSON.stringify(reached.map(r => r.url))}`,
          );
        }
        expect(ok).toBe(true);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    expect(passed).toEqual([]);
    expect(
      [...byKind.values()].reduce((a, b) => a + b, 0),
    ).toBeGreaterThanOrEqual(200);
  });

  it('forwards an allowlisted GET as itself only, without injected headers', async () => {
    const otherHost = `127.0.0.1:${other.port}`;
    const injections = [
      `X-Forwarded-Host: ${otherHost}`,
      `Forwarded: host=${otherHost}`,
      'X-Original-URL: /_sandbox/secrets',
      'X-Rewrite-URL: /api/v1/session',
      'X-Forwarded-Prefix: /agents/prod',
      'Cookie: argocd.token=stolen-session-cookie',
      'X-Api-Key: caller-supplied-key',
    ];
    const leaks: string[] = [];
    for (const header of injections) {
      const mark = env.tap.seen.length;
      const answer = await rawRequest(
        port,
        'GET /api/gitops/proxy/nonprod/api/v1/applications HTTP/1.1',
        [`Authorization: ${env.userHeader()}`, header],
      );
      headerOnly += 1;
      expect(answer.status).toBe(200);
      const reached = env.agentRequests.slice(mark);
      const [name, value] = header.split(': ');
      if (
        reached.length !== 1 ||
        !reached[0].url.startsWith('/agents/nonprod/api/v1/applications') ||
        JSON.stringify(reached[0].headers).includes(value) ||
        reached[0].headers[name.toLowerCase()] !== undefined
      ) {
        leaks.push(`${header}: agent saw ${JSON.stringify(reached)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(other.seen).toEqual([]);
  });
});
