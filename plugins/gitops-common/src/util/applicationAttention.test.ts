import { GitOpsApplication, HEALTH_STATUSES } from '../types';
import {
  attentionMessage,
  isUnhealthy,
  needsAttention,
  operationFailed,
} from './applicationAttention';

type State = Pick<GitOpsApplication, 'health' | 'sync' | 'operation'>;
const app = (overrides: Partial<State> = {}): State => ({
  health: { status: 'Healthy' },
  sync: { status: 'Synced' },
  ...overrides,
});

describe('the attention rules', () => {
  it('calls Degraded and Missing unhealthy, and only those', () => {
    expect(
      HEALTH_STATUSES.filter(status =>
        isUnhealthy(app({ health: { status } })),
      ),
    ).toEqual(['Degraded', 'Missing']);
  });

  it('needs attention when unhealthy, suspended, out of sync or failed', () => {
    expect(needsAttention(app())).toBe(false);
    expect(needsAttention(app({ health: { status: 'Progressing' } }))).toBe(
      false,
    );
    expect(needsAttention(app({ health: { status: 'Suspended' } }))).toBe(true);
    expect(needsAttention(app({ health: { status: 'Missing' } }))).toBe(true);
    expect(needsAttention(app({ sync: { status: 'OutOfSync' } }))).toBe(true);
    expect(
      needsAttention(app({ operation: { phase: 'Error', message: 'x' } })),
    ).toBe(true);
    expect(needsAttention(app({ operation: { phase: 'Succeeded' } }))).toBe(
      false,
    );
    expect(operationFailed(undefined)).toBe(false);
  });

  it("gives a failed sync's error first, as the agent's SyncError condition does", () => {
    expect(
      attentionMessage(
        app({
          health: { status: 'Degraded', message: '0/3 replicas ready' },
          operation: {
            phase: 'Failed',
            message: 'one or more objects failed to apply',
          },
        }),
      ),
    ).toBe('Sync failed: one or more objects failed to apply');
    expect(attentionMessage(app({ operation: { phase: 'Error' } }))).toBe(
      'Sync error',
    );
  });

  it('falls back to the health message, then to the sync state', () => {
    expect(
      attentionMessage(
        app({ health: { status: 'Degraded', message: '0/3 replicas ready' } }),
      ),
    ).toBe('0/3 replicas ready');
    expect(attentionMessage(app({ sync: { status: 'OutOfSync' } }))).toBe(
      'Out of sync with Git',
    );
    expect(attentionMessage(app())).toBeUndefined();
  });
});
