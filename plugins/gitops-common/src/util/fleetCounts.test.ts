import type { GitOpsApplication } from '../types';
import {
  testApplication as app,
  testFleet,
} from '../testUtils/testApplication';
import {
  countedHealthStatus,
  countedSyncStatus,
  FleetCounts,
} from './fleetCounts';
import { summarizeFleet, summarizeFleetCounts } from './summarizeFleet';

const sum = (counts: Record<string, number>) =>
  Object.values(counts).reduce((a, b) => a + b, 0);

/** Every count equals the sum of its parts. */
function expectWhole(counts: FleetCounts) {
  expect(sum(counts.bySync)).toBe(counts.total);
  expect(sum(counts.byHealth)).toBe(counts.total);
  const parts = (map: Map<string, { total: number }>) =>
    [...map.values()].reduce((a, p) => a + p.total, 0);
  expect(parts(counts.byAgent)).toBe(counts.total);
  expect(parts(counts.byEnvironment)).toBe(counts.total);
}

// statuses an agent, a snapshot or a third-party provider may send
const odd = (status: string) => status as never;

const fleet: GitOpsApplication[] = testFleet([
  ['a', 'x', 'dev', 'Synced', 'Healthy'],
  ['b', 'x', 'dev', odd('Weird'), odd('Odd')],
  ['c', 'y', 'prod', 'OutOfSync', 'Degraded'],
  ['d', 'y', 'prod', odd(''), odd('degraded')],
  ['e', 'z', 'qa', odd(undefined as never), 'Unknown'],
]);

describe('FleetCounts', () => {
  it('folds statuses outside the model into Unknown', () => {
    expect(countedSyncStatus('OutOfSync')).toBe('OutOfSync');
    expect(countedSyncStatus('Weird')).toBe('Unknown');
    expect(countedSyncStatus(undefined)).toBe('Unknown');
    expect(countedHealthStatus('Suspended')).toBe('Suspended');
    expect(countedHealthStatus('degraded')).toBe('Unknown');
    expect(countedHealthStatus('constructor')).toBe('Unknown');
  });

  it('counts every application under exactly one sync status and one health', () => {
    const counts = FleetCounts.of(fleet);
    expect(counts.total).toBe(5);
    expectWhole(counts);
    expect(counts.bySync).toEqual({ Synced: 1, OutOfSync: 1, Unknown: 3 });
    expect(counts.byHealth.Unknown).toBe(3);
    expect(counts.byHealth.Degraded).toBe(1);
    expect(counts.byAgent.get('y')).toEqual({
      total: 2,
      outOfSync: 1,
      degraded: 1,
    });
  });

  it('kept incrementally, equals the count in one pass, whatever the order of changes', () => {
    const kept = new FleetCounts();
    const held = new Map<string, GitOpsApplication>();
    const put = (next: GitOpsApplication) => {
      const before = held.get(next.name);
      if (before) kept.count(before, -1);
      kept.count(next, 1);
      held.set(next.name, next);
    };
    const drop = (name: string) => {
      kept.count(held.get(name)!, -1);
      held.delete(name);
    };
    fleet.forEach(put);
    put({ ...fleet[0], sync: { status: odd('Strange') } });
    put({ ...fleet[2], health: { status: 'Healthy' } });
    put({ ...fleet[1], sync: { status: 'OutOfSync' } });
    drop('d');
    put(app({ name: 'f', agentId: 'w', environment: 'edge' }));
    drop('f');

    const batch = FleetCounts.of(held.values());
    expect(kept).toEqual(batch);
    expectWhole(kept);
    // gone parts are gone, not listed with zeroes
    expect([...kept.byAgent.keys()].sort()).toEqual(['x', 'y', 'z']);
    expect(kept.byEnvironment.has('edge')).toBe(false);
  });

  it('adds agents’ counts into the fleet’s', () => {
    const x = FleetCounts.of(fleet.filter(a => a.agentId === 'x'));
    const rest = FleetCounts.of(fleet.filter(a => a.agentId !== 'x'));
    expect(new FleetCounts().add(x).add(rest)).toEqual(FleetCounts.of(fleet));
  });

  it('gives the summary whose counts equal the sum of their parts', () => {
    const summary = summarizeFleet(fleet, [], []);
    expect(sum(summary.bySync)).toBe(summary.total);
    expect(sum(summary.byHealth)).toBe(summary.total);
    expect(summary.byAgent.reduce((a, p) => a + p.total, 0)).toBe(
      summary.total,
    );
    expect(summary.byEnvironment.reduce((a, p) => a + p.total, 0)).toBe(
      summary.total,
    );
    expect(summarizeFleetCounts(FleetCounts.of(fleet), [], [])).toEqual(
      summary,
    );
  });
});
