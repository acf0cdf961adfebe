import { FLEET_SCENARIO } from '../testing/testClients';
import { smallScenario } from '../testing/smallScenario';
import { ScenarioError, loadScenarioFile, parseScenario, parseScenarioText } from './loadScenario';

function issuesOf(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as ScenarioError).issues;
  }
  throw new Error('expected a ScenarioError');
}

describe('scenario validation', () => {
  it('accepts the example fleet', () => {
    const scenario = loadScenarioFile(FLEET_SCENARIO);
    expect(scenario.agents.map(a => a.id)).toEqual(['argocd-nonprod', 'argocd-prod', 'harness-eu', 'harness-us']);
    expect(scenario.services.length).toBeGreaterThanOrEqual(30);
  });

  it('names the path of a bad field', () => {
    const scenario: any = smallScenario();
    scenario.agents[1].kind = 'flux';
    scenario.agents[0].clusters[1].server = 'not a url';
    scenario.services[2].type = 'jsonnet';
    const issues = issuesOf(() => parseScenario(scenario));
    expect(issues.map(i => i.path)).toEqual(
      expect.arrayContaining(['agents[1].kind', 'agents[0].clusters[1].server', 'services[2].type']),
    );
    expect(() => parseScenario(scenario, 'my-fleet.yaml')).toThrow('Invalid sandbox scenario my-fleet.yaml');
    expect(() => parseScenario(scenario, 'my-fleet.yaml')).toThrow('agents[1].kind');
  });

  it('reports unknown fields and bad fault settings', () => {
    const scenario: any = smallScenario();
    scenario.agents[0].tokn = 'typo';
    scenario.agents[0].faults = { errorRate: 3 };
    const issues = issuesOf(() => parseScenario(scenario));
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'agents[0].tokn', message: 'unknown field' },
        expect.objectContaining({ path: 'agents[0].faults.errorRate' }),
      ]),
    );
  });

  it('checks references between sections', () => {
    const scenario: any = smallScenario();
    scenario.services[0].environments = ['dev', 'staging'];
    scenario.services[1].agents = ['ghost'];
    scenario.agents[0].environments = [{ name: 'dev', cluster: 'mars' }];
    scenario.agents[1].harness = undefined;
    scenario.agents.push({ ...scenario.agents[0], environments: undefined });
    const issues = issuesOf(() => parseScenario(scenario));
    expect(issues.map(i => i.path)).toEqual(
      expect.arrayContaining([
        'services[0].environments[1]',
        'services[1].agents[0]',
        'agents[0].environments[0].cluster',
        'agents[1].harness',
        'agents[2].id',
      ]),
    );
  });

  it('reports YAML syntax errors and missing files', () => {
    expect(issuesOf(() => parseScenarioText('agents: [', 'broken.yaml'))[0].message).toContain('not valid YAML');
    expect(issuesOf(() => loadScenarioFile('/no/such/file.yaml'))[0].message).toContain('cannot read file');
  });
});
