import { permissionReason } from './permissionReason';

describe('permissionReason', () => {
  it('names the owning team', () => {
    expect(
      permissionReason(
        'component:default/checkout-web',
        'sync, refresh or roll back',
        ['group:default/team-checkout'],
      ),
    ).toBe(
      'team-checkout owns checkout-web; only its owners may sync, refresh or roll back its applications.',
    );
  });

  it('names several owners', () => {
    expect(
      permissionReason('component:default/shop', 'sync', [
        'group:default/a',
        'group:default/b',
        'user:default/c',
      ]),
    ).toBe('a, b and c own shop; only its owners may sync its applications.');
  });

  it('falls back when the owners are unknown', () => {
    expect(permissionReason('component:default/shop', 'sync', undefined)).toBe(
      "You may not sync shop's applications.",
    );
  });
});
