import type {
  AgentError,
  GitOpsAgentStatus,
  GitOpsApplication,
} from '../types';
import { isDrifting, summarizeFleet } from './summarizeFleet';
import {
  testApplication as app,
  testFleet,
} from '../testUtils/testApplication';

const agents: GitOpsAgentStatus[] = [
  {
    agentId: 'prod',
    kind: 'harness',
    state: 'connected',
    checkedAt: '2024-01-01T00:00:00Z',
  },
  {
    agentId: 'dev',
    kind: 'argocd',
    state: 'connected',
    checkedAt: '2024-01-01T00:00:00Z',
  },
  {
    agentId: 'idle',
    kind: 'argocd',
    state: 'connected',
    checkedAt: '2024-01-01T00:00:00Z',
  },
];
const errors: AgentError[] = [
  { agentId: 'broken', code: 'unreachable', message: 'connection refused' },
  { agentId: 'idle', code: 'timeout', message: 'timed out' },
];

describe('summarizeFleet', () => {
  const running: Partial<GitOpsApplication> = {
    operation: { phase: 'Running' },
  };
  const failed: Partial<GitOpsApplication> = {
    operation: { phase: 'Failed' },
  };
  const apps = testFleet([
    ['a', 'dev', 'dev', 'Synced', 'Healthy'],
    ['b', 'dev', 'dev', 'OutOfSync', 'Healthy'],
    ['c', 'prod', 'prod', 'Synced', 'Degraded'],
    ['d', 'prod', 'prod', 'OutOfSync', 'Progressing', running],
    ['e', 'stray', 'edge', 'Unknown', 'Missing'],
    ['f', 'prod', 'qa', 'OutOfSync', 'Degraded', failed],
  ]);

  it('counts by sync and health, every status included', () => {
    const summary = summarizeFleet(apps, agents, errors);
    expect(summary.total).toBe(6);
    expect(summary.bySync).toEqual({ Synced: 2, OutOfSync: 3, Unknown: 1 });
    expect(summary.byHealth).toEqual({
      Healthy: 2,
      Progressing: 1,
      Degraded: 2,
      Suspended: 0,
      Missing: 1,
      Unknown: 0,
    });
  });

  it('counts drifting apps: out of sync with no running operation', () => {
    expect(summarizeFleet(apps, agents, errors).drifting).toBe(2);
  });

  it('counts by agent: given agents first, then others alphabetically', () => {
    expect(summarizeFleet(apps, agents, errors).byAgent).toEqual([
      { agentId: 'prod', total: 3, outOfSync: 2, degraded: 2 },
      { agentId: 'dev', total: 2, outOfSync: 1, degraded: 0 },
      { agentId: 'idle', total: 0, outOfSync: 0, degraded: 0 },
      { agentId: 'broken', total: 0, outOfSync: 0, degraded: 0 },
      { agentId: 'stray', total: 1, outOfSync: 0, degraded: 0 },
    ]);
  });

  it('counts by environment in promotion order when given definitions', () => {
    const summary = summarizeFleet(apps, agents, errors, [
      { name: 'dev', order: 1 },
      { name: 'qa', order: 2 },
      { name: 'prod', order: 3 },
    ]);
    expect(summary.byEnvironment).toEqual([
      { environment: 'dev', total: 2, outOfSync: 1, degraded: 0 },
      { environment: 'qa', total: 1, outOfSync: 1, degraded: 1 },
      { environment: 'prod', total: 2, outOfSync: 1, degraded: 1 },
      { environment: 'edge', total: 1, outOfSync: 0, degraded: 0 },
    ]);
  });

  it('counts by environment alphabetically without definitions', () => {
    expect(
      summarizeFleet(apps, agents, errors).byEnvironment.map(
        e => e.environment,
      ),
    ).toEqual(['dev', 'edge', 'prod', 'qa']);
  });

  it('carries agents and errors through', () => {
    const summary = summarizeFleet(apps, agents, errors);
    expect(summary.agents).toEqual(agents);
    expect(summary.errors).toEqual(errors);
    expect(summary.agents).not.toBe(agents);
  });

  it('summarizes an empty fleet', () => {
    expect(summarizeFleet([], [], [])).toEqual({
      total: 0,
      bySync: { Synced: 0, OutOfSync: 0, Unknown: 0 },
      byHealth: {
        Healthy: 0,
        Progressing: 0,
        Degraded: 0,
        Suspended: 0,
        Missing: 0,
        Unknown: 0,
      },
      byAgent: [],
      byEnvironment: [],
      drifting: 0,
      agents: [],
      errors: [],
    });
  });

  it('counts unexpected statuses as Unknown', () => {
    const odd = app({
      sync: { status: 'Weird' as never },
      health: { status: 'Odd' as never },
    });
    const summary = summarizeFleet([odd], [], []);
    expect(summary.bySync.Unknown).toBe(1);
    expect(summary.byHealth.Unknown).toBe(1);
    expect(Object.keys(summary.bySync)).toEqual([
      'Synced',
      'OutOfSync',
      'Unknown',
    ]);
  });

  it('produces JSON-serializable output', () => {
    const summary = summarizeFleet(apps, agents, errors);
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
  });
});

describe('isDrifting', () => {
  it.each([
    ['Synced', undefined, false],
    ['Unknown', undefined, false],
    ['OutOfSync', undefined, true],
    ['OutOfSync', 'Succeeded', true],
    ['OutOfSync', 'Failed', true],
    ['OutOfSync', 'Error', true],
    ['OutOfSync', 'Running', false],
    ['OutOfSync', 'Terminating', false],
  ] as const)('%s with operation %s is %s', (status, phase, expected) => {
    expect(
      isDrifting({
        sync: { status },
        operation: phase ? { phase } : undefined,
      }),
    ).toBe(expected);
  });
});
