import { normalizeSyncWindows } from './normalizeSyncWindows';

describe('normalizeSyncWindows', () => {
  it("keeps a window's description, cleaned of control characters, and marks the active ones", () => {
    const freeze = {
      kind: 'deny',
      schedule: '0 22 * * 5',
      duration: '56h',
      applications: ['*-prod'],
      manualSync: true,
      timeZone: 'UTC',
      description: 'weekend change\u202e freeze',
    };
    const nightly = { kind: 'allow', schedule: '0 1 * * *', duration: '1h' };
    expect(
      normalizeSyncWindows({
        assignedWindows: [freeze, nightly],
        activeWindows: [freeze],
        canSync: true,
      }),
    ).toEqual([
      {
        kind: 'deny',
        schedule: '0 22 * * 5',
        duration: '56h',
        applications: ['*-prod'],
        manualSync: true,
        timeZone: 'UTC',
        description: 'weekend change freeze',
        active: true,
      },
      { kind: 'allow', schedule: '0 1 * * *', duration: '1h', active: false },
    ]);
  });
});
