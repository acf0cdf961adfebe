import { normalizeSyncWindows } from './normalizeSyncWindows';

describe('normalizeSyncWindows', () => {
  it('keeps what applies of each window and marks the active ones', () => {
    const freeze = {
      kind: 'deny',
      schedule: '0 22 * * 5',
      duration: '56h',
      applications: ['*-prod'],
      manualSync: true,
      timeZone: 'UTC',
    };
    const nightly = { kind: 'allow', schedule: '0 1 * * *', duration: '1h' };
    expect(
      normalizeSyncWindows({
        assignedWindows: [freeze, nightly],
        activeWindows: [freeze],
        canSync: true,
      }),
    ).toEqual([
      { ...freeze, active: true },
      { ...nightly, active: false },
    ]);
  });
});
