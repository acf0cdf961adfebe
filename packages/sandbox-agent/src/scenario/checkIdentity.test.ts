import { ScenarioError, ScenarioIssue, loadScenarioFile, parseScenario } from './loadScenario';
import { smallScenario } from '../testing/smallScenario';
import { FLEET_SCENARIO } from '../testing/testClients';

function issuesOf(fn: () => unknown): ScenarioIssue[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ScenarioError) return error.issues;
    throw error;
  }
  return [];
}

const identity = {
  clients: [{ clientId: 'backstage', clientSecret: 'a-client-secret' }],
  users: [{ username: 'ada', email: 'ada@acme.example', groups: ['payments-admins'] }],
};

describe('the identity parts of a scenario', () => {
  it('loads the example fleet: identity, oidc and rbac on the Argo CD agents, accessControl on Harness', () => {
    const scenario = loadScenarioFile(FLEET_SCENARIO);
    expect(scenario.identity?.users.map(u => [u.username, u.email, u.groups])).toEqual([
      ['ada', 'ada@acme.example', ['payments-admins']],
      ['dana', 'dana@acme.example', ['payments-viewers']],
      ['cole', 'cole@acme.example', ['checkout-admins']],
    ]);
    expect(scenario.identity?.clients).toEqual([
      { clientId: 'backstage', clientSecret: 'sandbox-backstage-oidc-client-secret' },
    ]);
    for (const agent of scenario.agents.filter(a => a.kind === 'argocd')) {
      expect(agent.oidc).toEqual({ allowedAudiences: ['backstage'] });
      expect(agent.rbac?.scopes).toBe('[groups]');
    }
    expect(scenario.agents.find(a => a.kind === 'harness')?.accessControl?.map(e => e.principal)).toEqual([
      'ada@acme.example',
      'dana@acme.example',
    ]);
  });

  it('reports oidc without an identity provider, parts on the wrong kind of agent and a bad policy.csv', () => {
    const scenario: any = smallScenario();
    scenario.agents[0].oidc = { allowedAudiences: ['backstage'] };
    scenario.agents[0].rbac = { policyCsv: 'p, role:x, applications, get, */*, allow\nx, y' };
    scenario.agents[0].accessControl = [{ principal: 'a@b.c', permissions: ['gitops_gitopsapp_view'] }];
    scenario.agents[1].rbac = { policyCsv: '' };
    expect(issuesOf(() => parseScenario(scenario))).toEqual([
      { path: 'agents[0].oidc', message: "needs the scenario's identity provider (the top-level `identity` section)" },
      {
        path: 'agents[0].accessControl',
        message: 'only a Harness agent (kind harness) takes it; Argo CD agents take `rbac`',
      },
      { path: 'agents[0].rbac.policyCsv', message: 'policy.csv line 2: invalid RBAC policy: x, y' },
      { path: 'agents[1].rbac', message: 'only an Argo CD agent (kind argocd) takes it' },
    ]);
  });

  it('validates the identity section', () => {
    const dup = smallScenario({
      identity: {
        ...identity,
        clients: [...identity.clients, { clientId: 'backstage' }],
        users: [...identity.users, { username: 'ada', email: 'ada2@acme.example' }],
      },
    });
    expect(issuesOf(() => parseScenario(dup))).toEqual([
      { path: 'identity.users[1].username', message: 'duplicate user "ada"' },
      { path: 'identity.clients[1].clientId', message: 'duplicate client "backstage"' },
    ]);
    const bad: any = smallScenario({ identity: { ...identity, users: [{ username: 'a b', email: 'nope' }] } as any });
    expect(issuesOf(() => parseScenario(bad)).map(i => i.path)).toEqual([
      'identity.users[0].username',
      'identity.users[0].email',
    ]);
  });
});
