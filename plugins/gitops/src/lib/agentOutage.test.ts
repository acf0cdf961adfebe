import type { AgentError } from '@gitops-suite/plugin-gitops-common';
import { entityApplications } from '../__testUtils__/fixtures';
import { entityOutage, outageLabel } from './agentOutage';

const down = (agentId: string): AgentError => ({
  agentId,
  code: 'unreachable',
  message: `connect ECONNREFUSED for ${agentId}`,
});

describe('entityOutage', () => {
  it("marks a failing agent's applications unreachable and keeps its warning", () => {
    const outage = entityOutage({
      ...entityApplications,
      errors: [down('prod-agent')],
      freshness: [
        {
          agentId: 'prod-agent',
          syncedAt: '2024-05-01T12:00:00Z',
          stale: true,
          feed: 'watch',
        },
      ],
    });
    expect(outage.errors.map(e => e.agentId)).toEqual(['prod-agent']);
    expect([...outage.unreachable.keys()]).toEqual(['prod-agent']);
  });

  it('leaves out an agent that answered before and serves none of the applications', () => {
    const outage = entityOutage({
      ...entityApplications,
      errors: [down('harness-eu')],
      freshness: [
        {
          agentId: 'harness-eu',
          syncedAt: '2024-05-01T12:00:00Z',
          stale: true,
          feed: 'poll',
        },
      ],
    });
    expect(outage.errors).toEqual([]);
    expect(outage.unreachable.size).toBe(0);
  });

  it('keeps the warning of an agent never loaded: its applications may be missing', () => {
    const outage = entityOutage({
      ...entityApplications,
      errors: [down('harness-eu')],
      freshness: [{ agentId: 'harness-eu', stale: true, feed: 'poll' }],
    });
    expect(outage.errors.map(e => e.agentId)).toEqual(['harness-eu']);
  });
});

describe('outageLabel', () => {
  it('says why the state is unknown', () => {
    expect(outageLabel(down('a'))).toBe('unknown: agent unreachable');
    expect(
      outageLabel({ agentId: 'a', code: 'upstream_error', message: 'x' }),
    ).toBe('unknown: agent failed');
  });
});
