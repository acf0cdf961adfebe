import { gitPathspecMatch, goPathMatch } from './pathMatch';

describe('goPathMatch (Go path.Match)', () => {
  it.each([
    ['apps/*', 'apps/a', true],
    ['apps/*', 'apps/a/b', false],
    ['manifests/cluster-addons/**', 'manifests/cluster-addons/a', true],
    ['manifests/cluster-addons/**', 'manifests/cluster-addons/a/b', false],
    ['a/?', 'a/b', true],
    ['a/[a-c]x', 'a/bx', true],
    ['a/[^a-c]x', 'a/bx', false],
    ['a\\*', 'a*', true],
    ['a/[', 'a/[', false],
  ])('%s vs %s -> %s', (pattern, name, expected) => {
    expect(goPathMatch(pattern, name)).toBe(expected);
  });
});

describe('gitPathspecMatch (git ls-files pathspec)', () => {
  it.each([
    ['clusters/*/config.json', 'clusters/a/config.json', true],
    ['clusters/*/config.json', 'clusters/a/b/config.json', true],
    ['tenants/*.yaml', 'tenants/x/y.yaml', true],
    ['tenants/*.yaml', 'other/y.yaml', false],
    ['cluster-config', 'cluster-config/dev/config.json', true],
    ['cluster-config/dev/config.json', 'cluster-config/dev/config.json', true],
  ])('%s vs %s -> %s', (pattern, name, expected) => {
    expect(gitPathspecMatch(pattern, name)).toBe(expected);
  });
});
