import { gitopsProxyPermission } from '@gitops-suite/plugin-gitops-common';
import { useGitOpsTestBackend } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * The read-only proxy to an agent: what is forwarded, with which
 * credential, and every escape it refuses before reaching the agent.
 */
describe('guarded proxy (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(startRouterFleet);

  /** GETs a path of the proxy as the test user: the answer and what reached an agent. */
  async function proxyGet(path: string) {
    const before = env.agentRequests.length;
    const res = await env
      .api()
      .get(`/api/gitops/proxy/${path}`)
      .set('Authorization', env.auth);
    return { res, agentRequests: env.agentRequests.slice(before) };
  }

  describe('guarded proxy', () => {
    it('forwards an allowlisted GET with the agent credential', async () => {
      const { res, agentRequests } = await proxyGet(
        'nonprod/api/v1/applications',
      );
      expect(res.status).toBe(200);
      const names = res.body.items.map(
        (a: { metadata: { name: string } }) => a.metadata.name,
      );
      expect(names).toContain('payments-dev');
      expect(agentRequests.map(r => r.url)).toContainEqual(
        expect.stringContaining('/agents/nonprod/api/v1/applications'),
      );
    });

    it.each([
      [
        'a .. segment',
        '/api/gitops/proxy/nonprod/api/v1/applications/../session',
      ],
      [
        'an encoded .. segment',
        '/api/gitops/proxy/nonprod/api/v1/applications/%2e%2e/session',
      ],
      [
        'an encoded slash',
        '/api/gitops/proxy/nonprod/api/v1/applications%2Fpayments-dev',
      ],
      [
        'a double-encoded slash',
        '/api/gitops/proxy/nonprod/api/v1/applications%252Fpayments-dev',
      ],
      [
        'a backslash',
        '/api/gitops/proxy/nonprod/api/v1/applications\\payments-dev',
      ],
      [
        'an encoded backslash',
        '/api/gitops/proxy/nonprod/api/v1/applications%5Cpayments-dev',
      ],
      ['a . segment', '/api/gitops/proxy/nonprod/api/v1/./applications'],
      [
        '.. out of the agent',
        '/api/gitops/proxy/nonprod/../prod/api/v1/applications',
      ],
      ['a double slash', '/api/gitops/proxy/nonprod/api/v1//applications'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/api/v1/session'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/api/v1/account'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/api/v1/settings'],
      ['an unlisted path', '/api/gitops/proxy/nonprod/_sandbox/secrets'],
      [
        'an unlisted path',
        '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/applications/risk-dev/sync',
      ],
      ['an unknown agent', '/api/gitops/proxy/elsewhere/api/v1/applications'],
    ])(
      'rejects %s (%s) with 4xx without reaching the agent',
      async (_what, path) => {
        const before = env.agentRequests.length;
        const status = await env.rawGet(path, { authorization: env.auth });
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
        expect(env.agentRequests.slice(before)).toEqual([]);
      },
    );

    it.each(['post', 'put', 'patch', 'delete'] as const)(
      'rejects %s with 4xx without reaching the agent',
      async method => {
        const before = env.agentRequests.length;
        const res = await env
          .api()
          [method]('/api/gitops/proxy/nonprod/api/v1/applications/payments-dev')
          .set('Authorization', env.auth)
          .send({ spec: {} });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(env.agentRequests.slice(before)).toEqual([]);
      },
    );

    it('is 403 without the proxy permission and never reaches the agent', async () => {
      env.denied.add(gitopsProxyPermission.name);
      const { res, agentRequests } = await proxyGet(
        'nonprod/api/v1/applications',
      );
      expect(res.status).toBe(403);
      expect(agentRequests).toEqual([]);
    });

    it('does not forward the caller’s Authorization header', async () => {
      const { res, agentRequests: forwarded } = await proxyGet(
        'nonprod/api/version',
      );
      expect(res.status).toBe(200);
      expect(forwarded).toHaveLength(1);
      expect(forwarded[0].authorization).toBe(
        `Bearer ${env.sandbox.agent('nonprod').token}`,
      );
    });
  });
});
