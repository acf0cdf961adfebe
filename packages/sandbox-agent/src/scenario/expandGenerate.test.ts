import { startSandbox } from '../startSandbox';
import { argoClient, harnessClient } from '../testing/testClients';
import { parseScenario } from './loadScenario';

describe('generator mode', () => {
  it('expands agents x apps deterministically', () => {
    const a = parseScenario({ generate: { agents: 3, appsPerAgent: 10, harnessAgents: 1 } });
    expect(a.agents.map(x => `${x.id}:${x.kind}`)).toEqual(['argocd-01:argocd', 'argocd-02:argocd', 'harness-03:harness']);
    expect(a.services).toHaveLength(4);
    expect(a.services[3].environments).toEqual(['dev']);
    expect(parseScenario({ generate: { agents: 3, appsPerAgent: 10, harnessAgents: 1 } })).toEqual(a);
  });

  // Start-up time is measured in bench/, not asserted here.
  it('starts 20 agents x 1,000 applications and lists 1,000 per agent', async () => {
    const sandbox = await startSandbox({
      scenario: { generate: { agents: 20, appsPerAgent: 1000, harnessAgents: 2 } },
      log: () => {},
    });
    try {
      expect(sandbox.agents).toHaveLength(20);
      const counts = await Promise.all(
        sandbox.agents.map(async agent => {
          if (agent.kind === 'harness') {
            return (await harnessClient(agent).get(`/gitops/api/v1/agents/${agent.agentIdentifier}/applications`)).json.items.length;
          }
          const lean = await argoClient(agent).get('/api/v1/applications?fields=items.metadata.name,items.status.sync.status');
          return lean.json.items.length;
        }),
      );
      expect(counts).toEqual(Array(20).fill(1000));
      const full = await argoClient(sandbox.agents[0]).get('/api/v1/applications');
      expect(full.json.items).toHaveLength(1000);
      const states = new Set(full.json.items.map((a: any) => `${a.status.sync.status}/${a.status.health.status}`));
      expect(states.size).toBeGreaterThan(3);
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});
