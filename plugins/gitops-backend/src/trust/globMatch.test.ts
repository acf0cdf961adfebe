import { destinationAllowed, globMatches, patternsAllow } from './globMatch';

describe("Argo CD's project patterns", () => {
  it('matches globs across slashes, single characters and sets', () => {
    expect(
      globMatches(
        'https://github.com/acme/*',
        'https://github.com/acme/a/b.git',
      ),
    ).toBe(true);
    expect(
      globMatches(
        'https://github.com/acme/*',
        'https://github.com/other/a.git',
      ),
    ).toBe(false);
    expect(globMatches('team-?', 'team-a')).toBe(true);
    expect(globMatches('team-[ab]', 'team-c')).toBe(false);
    expect(globMatches('a.b', 'axb')).toBe(false);
  });

  it('reads source repositories as Argo CD does: a deny pattern wins', () => {
    const repos = [
      'https://github.com/acme/*',
      '!https://github.com/acme/secret*',
    ];
    expect(patternsAllow(repos, 'https://github.com/acme/app.git')).toBe(true);
    expect(patternsAllow(repos, 'https://github.com/acme/secrets.git')).toBe(
      false,
    );
    expect(patternsAllow(repos, 'https://gitlab.com/acme/app.git')).toBe(false);
    expect(patternsAllow([], 'https://github.com/acme/app.git')).toBe(false);
  });

  it('matches destinations by server or name, and namespace', () => {
    const patterns = [
      { server: 'https://prod.example:6443', namespace: 'payments-*' },
      { name: 'nonprod', namespace: '*' },
      { server: '*', namespace: '!kube-system' },
    ];
    expect(
      destinationAllowed(patterns, {
        server: 'https://prod.example:6443',
        namespace: 'payments-prod',
      }),
    ).toBe(true);
    expect(
      destinationAllowed(patterns, {
        server: 'https://prod.example:6443',
        namespace: 'checkout-prod',
      }),
    ).toBe(false);
    expect(
      destinationAllowed(patterns, { name: 'nonprod', namespace: 'anything' }),
    ).toBe(true);
    expect(
      destinationAllowed(patterns, {
        name: 'nonprod',
        server: 'https://n',
        namespace: 'kube-system',
      }),
    ).toBe(false);
    expect(destinationAllowed([], { name: 'nonprod', namespace: 'x' })).toBe(
      false,
    );
  });
});
