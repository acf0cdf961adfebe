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
    sync: { status: 'OutOfSync', revision: 'v2' },
    lastSyncedAt: '2024-06-01T00:00:00Z',
  });

  it('picks the worst health and the combined sync status', () => {
    expect(worstHealth([healthy, degraded])).toBe('Degraded');
    expect(worstHealth([])).toBeUndefined();
    expect(combinedSync([healthy, degraded])).toBe('OutOfSync');
    expect(combinedSync([healthy])).toBe('Synced');
  });

  it('lists distinct revisions and the latest sync', () => {
    expect(distinctRevisions([healthy, healthy, degraded])).toHaveLength(2);
    expect(latestSync([healthy, degraded])).toBe('2024-06-01T00:00:00Z');
  });
});
