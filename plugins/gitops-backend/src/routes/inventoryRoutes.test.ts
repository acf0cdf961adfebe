import { useGitOpsTestBackend, waitFor } from '../testUtils';
import { startRouterFleet, GHOST_TOKEN } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * Agent status, and every inventory, fleet, proxy and diff answer without
 * a secret the agents hold (checked against what the sandbox reports as
 * its secrets, which the agents' own answers do carry).
 */
describe('agents and inventory (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(startRouterFleet);

  describe('agent status', () => {
    it('reports each agent’s state, with errors for the dead ones', async () => {
      // a status check that timed out on a busy machine reads as
      // disconnected until the next one: wait for the live agents' state
      const { res, states } = await waitFor(
        'the live agents to be reported connected',
        async () => {
          const answer = await env
            .api()
            .get('/api/gitops/agents')
            .set('Authorization', env.auth);
          expect(answer.status).toBe(200);
          const byId: Record<string, string> = Object.fromEntries(
            answer.body.items.map(
              (a: { id: string; status: { state: string } }) => [
                a.id,
                a.status.state,
              ],
            ),
          );
          return ['nonprod', 'prod', 'hx'].every(id => byId[id] === 'connected')
            ? { res: answer, states: byId }
            : undefined;
        },
        30_000,
      );
      expect(states.standby).not.toBe('connected');
      expect(states.ghost).not.toBe('connected');
      // no agent credential in the agent list
      expect(res.text).not.toContain(env.sandbox.agent('nonprod').token);
      // each says the product it is operated from, and a Harness agent
      // where it sits in its account, as Harness's UI labels it
      const agents: Array<{
        id: string;
        product?: string;
        scope?: Array<{ label: string; value: string }>;
      }> = res.body.items;
      const byAgent = new Map(agents.map(a => [a.id, a]));
      expect(byAgent.get('nonprod')).toMatchObject({ product: 'Argo CD' });
      expect(byAgent.get('nonprod')?.scope).toBeUndefined();
      // (the shop scenario's Harness scope, testUtils/shopScenario.ts)
      expect(byAgent.get('hx')).toMatchObject({
        product: 'Harness GitOps',
        scope: [
          { label: 'Account', value: 'acct123' },
          { label: 'Organization', value: 'default' },
          { label: 'Project', value: 'shop' },
          { label: 'Agent identifier', value: 'hxagent' },
        ],
      });
    });
  });

  describe('secrets never leave the backend', () => {
    async function sandboxSecrets(): Promise<string[]> {
      const values = new Set(env.sandbox.secretValues());
      for (const agent of env.sandbox.agents) {
        const res = await fetch(`${agent.url}/_sandbox/secrets`, {
          headers: { authorization: `Bearer ${agent.token}` },
        });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { values: string[] };
        body.values.forEach(v => values.add(v));
        values.add(agent.token);
      }
      values.add(GHOST_TOKEN);
      // every value the sandbox counts as a secret stays behind, caData
      // too: the scrubber redacts what Argo CD's Cluster.Sanitized drops
      return [...values].filter(v => v.length >= 8);
    }

    it.each([
      '/api/gitops/repositories',
      '/api/gitops/clusters',
      '/api/gitops/agents',
      '/api/gitops/fleet/applications',
      '/api/gitops/proxy/nonprod/api/v1/repositories',
      '/api/gitops/proxy/nonprod/api/v1/clusters',
      '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev/managed-resources',
      '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev/resource-tree',
      '/api/gitops/proxy/nonprod/api/v1/applications/payments-dev',
      '/api/gitops/entity/default/component/payments/applications/nonprod/payments-dev/diff',
      '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/repositories',
      '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/clusters',
    ])('%s carries no sandbox secret', async path => {
      const res = await env.api().get(path).set('Authorization', env.auth);
      expect(res.status).toBeLessThan(500);
      expect(res.text.length).toBeGreaterThan(2);
      const secrets = await sandboxSecrets();
      expect(secrets.length).toBeGreaterThan(4);
      const leaked = secrets.filter(secret => res.text.includes(secret));
      expect(leaked).toEqual([]);
    });

    it('does have secret material upstream (so the check above is not vacuous)', async () => {
      const nonprod = env.sandbox.agent('nonprod');
      const raw = await fetch(
        `${nonprod.url}/api/v1/applications/payments-dev/managed-resources`,
        { headers: { authorization: `Bearer ${nonprod.token}` } },
      ).then(r => r.text());
      const secrets = await sandboxSecrets();
      expect(secrets.some(secret => raw.includes(secret))).toBe(true);
    });
  });
});
