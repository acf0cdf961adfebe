import { application } from '@gitops-suite/plugin-gitops-node/testUtils';
import { AgentFleet } from './AgentFleet';
import { filterAgentFleet } from './selectApplications';

const app = (name: string, sync: 'Synced' | 'OutOfSync' = 'Synced') => ({
  ...application({ name, sync: { status: sync } }),
  agentId: 'prod',
  key: `prod/${name}`,
});

describe('AgentFleet key order', () => {
  it('answers in key order, after additions too, and a change keeps its place', () => {
    const fleet = new AgentFleet('prod');
    fleet.replaceApplications([app('orders'), app('billing'), app('web')]);
    const names = (apps: Iterable<{ name: string }>) =>
      [...apps].map(a => a.name);
    expect(names(fleet.inKeyOrder().values())).toEqual([
      'billing',
      'orders',
      'web',
    ]);
    fleet.upsert(app('api'));
    fleet.upsert(app('orders', 'OutOfSync'));
    fleet.remove('prod/web');
    expect(names(fleet.inKeyOrder().values())).toEqual([
      'api',
      'billing',
      'orders',
    ]);
    // a filter through the indexes answers in the same order
    fleet.upsert(app('zeta', 'OutOfSync'));
    fleet.upsert(app('alpha', 'OutOfSync'));
    expect(names(filterAgentFleet(fleet, { sync: ['OutOfSync'] }, {}))).toEqual(
      ['alpha', 'orders', 'zeta'],
    );
  });
});
