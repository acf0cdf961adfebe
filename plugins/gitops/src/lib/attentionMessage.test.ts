import { application } from '../__testUtils__/fixtures';
import { attentionMessage } from './attentionMessage';

describe('attentionMessage', () => {
  it("gives a failed sync's error first, as the agent's SyncError condition does", () => {
    expect(
      attentionMessage(
        application({
          health: { status: 'Degraded', message: '0/3 replicas ready' },
          operation: {
            phase: 'Failed',
            message: 'one or more objects failed to apply',
          },
        }),
      ),
    ).toBe('Sync failed: one or more objects failed to apply');
  });

  it('falls back to the health message, then to the sync state', () => {
    expect(
      attentionMessage(
        application({
          health: { status: 'Degraded', message: '0/3 replicas ready' },
        }),
      ),
    ).toBe('0/3 replicas ready');
    expect(
      attentionMessage(application({ sync: { status: 'OutOfSync' } })),
    ).toBe('Out of sync with Git');
    expect(attentionMessage(application())).toBeUndefined();
  });
});
