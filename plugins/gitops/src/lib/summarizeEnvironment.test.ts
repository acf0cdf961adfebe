import { application } from '../__testUtils__/fixtures';
import {
  combinedSync,
  distinctRevisions,
  latestSync,
  worstHealth,
} from './summarizeEnvironment';

describe('environment summaries', () => {
  const healthy = application();
  const degraded = application({
    health: { status: 'Degraded' },
    sync: { status: 'OutOfSync', revision: 'v3' },
    // what runs is the last deployment (v2), not what Git wants (v3)
    history: [{ id: 9, revision: 'v2', deployedAt: '2024-06-01T00:00:00Z' }],
    lastSyncedAt: '2024-06-01T00:00:00Z',
  });

  it('picks the worst health and the combined sync status', () => {
    expect(worstHealth([healthy, degraded])).toBe('Degraded');
    expect(worstHealth([])).toBeUndefined();
    expect(combinedSync([healthy, degraded])).toBe('OutOfSync');
    expect(combinedSync([healthy])).toBe('Synced');
  });

  it('lists distinct revisions and the latest sync', () => {
    expect(distinctRevisions([healthy, healthy, degraded])).toEqual([
      healthy.sync.revision,
      'v2',
    ]);
    expect(latestSync([healthy, degraded])).toBe('2024-06-01T00:00:00Z');
  });
});
