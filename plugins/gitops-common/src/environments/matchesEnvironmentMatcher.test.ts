import {
  EnvironmentTarget,
  matchesEnvironmentMatcher,
} from './matchesEnvironmentMatcher';

const target: EnvironmentTarget = {
  agentId: 'agent-eu',
  destination: {
    name: 'prod-eu-1',
    server: 'https://prod-eu-1.example.com:6443',
    namespace: 'payments',
  },
};

describe('matchesEnvironmentMatcher', () => {
  it.each([
    [{ cluster: 'prod-*' }, true],
    [{ cluster: 'dev-*' }, false],
    [{ server: 'https://prod-*' }, true],
    [{ server: '*.example.org*' }, false],
    [{ namespace: 'payments' }, true],
    [{ namespace: 'billing' }, false],
    [{ agent: 'agent-*' }, true],
    [{ agent: 'agent-us' }, false],
    [{ cluster: 'prod-*', namespace: 'payments', agent: 'agent-eu' }, true],
    [{ cluster: 'prod-*', namespace: 'billing' }, false],
    [{ cluster: 'dev-*', namespace: 'payments' }, false],
    [{}, false],
  ])('%j is %s', (matcher, expected) => {
    expect(matchesEnvironmentMatcher(matcher, target)).toBe(expected);
  });

  it('matches cluster against clusterName when the destination names none', () => {
    expect(
      matchesEnvironmentMatcher(
        { cluster: 'prod-*' },
        {
          agentId: 'a',
          destination: { server: 'https://x' },
          clusterName: 'prod-us',
        },
      ),
    ).toBe(true);
  });

  it('matches cluster against either name', () => {
    const both = {
      agentId: 'a',
      destination: { name: 'in-cluster' },
      clusterName: 'prod-us',
    };
    expect(matchesEnvironmentMatcher({ cluster: 'prod-*' }, both)).toBe(true);
    expect(matchesEnvironmentMatcher({ cluster: 'in-*' }, both)).toBe(true);
    expect(matchesEnvironmentMatcher({ cluster: 'dev-*' }, both)).toBe(false);
  });

  it('matches missing values as empty', () => {
    const bare = { agentId: 'a', destination: {} };
    expect(matchesEnvironmentMatcher({ namespace: '*' }, bare)).toBe(true);
    expect(matchesEnvironmentMatcher({ cluster: '*' }, bare)).toBe(true);
    expect(matchesEnvironmentMatcher({ server: '*' }, bare)).toBe(true);
    expect(matchesEnvironmentMatcher({ namespace: 'x*' }, bare)).toBe(false);
    expect(matchesEnvironmentMatcher({ cluster: 'x' }, bare)).toBe(false);
  });
});
