import { ClusterDirectory, normalizeServer } from './clusterDestinations';

describe('normalizeServer', () => {
  it.each([
    ['https://API.Example.internal:6443/', 'https://api.example.internal:6443'],
    ['HTTPS://kubernetes.default.svc:443//', 'https://kubernetes.default.svc'],
    ['https://kubernetes.default.svc', 'https://kubernetes.default.svc'],
    ['http://Example.internal:80/', 'http://example.internal'],
    ['http://example.internal:443', 'http://example.internal:443'],
    [
      'https://example.internal:6443/Path/',
      'https://example.internal:6443/Path',
    ],
    ['not a url/', 'not a url'],
  ])('%s is %s', (server, normalized) => {
    expect(normalizeServer(server)).toBe(normalized);
  });
});

describe('ClusterDirectory', () => {
  const clusters = new ClusterDirectory('hx', [
    {
      agentId: 'hx',
      name: 'harness-eu-prod',
      identifier: 'eu_prod',
      server: 'https://API.eu-prod.k8s.acme.internal:443/',
      connectionState: { status: 'Successful' },
      labels: {},
    },
  ]);
  const server = 'https://api.eu-prod.k8s.acme.internal';

  it('resolves a name and a Harness identifier to the normalized server', () => {
    for (const name of ['harness-eu-prod', 'eu_prod']) {
      expect(
        clusters.resolve({ destination: { name, namespace: 'a' } }),
      ).toEqual({
        destination: {
          server,
          names: ['eu_prod', 'harness-eu-prod'],
          namespace: 'a',
        },
      });
    }
  });

  it('refuses a name it does not list, a name and server that disagree, and no cluster', () => {
    expect(
      clusters.resolve({
        destination: { name: 'Harness-EU-Prod', namespace: 'a' },
      }),
    ).toEqual({
      problem:
        'destination Harness-EU-Prod/a: cluster name Harness-EU-Prod is not a cluster of agent hx',
    });
    expect(
      clusters.resolve({
        destination: {
          name: 'eu_prod',
          server: 'https://other',
          namespace: 'a',
        },
      }),
    ).toHaveProperty('problem');
    expect(clusters.resolve({ destination: { namespace: 'a' } })).toEqual({
      problem: 'destination ?/a names no cluster',
    });
    expect(
      clusters.resolve({
        destination: {
          name: 'eu_prod',
          server: `${server}:443/`,
          namespace: 'a',
        },
      }),
    ).toHaveProperty('destination.server', server);
  });

  it('names why the cluster list is missing', () => {
    const none = new ClusterDirectory('x', [], 'agent x is down');
    expect(
      none.resolve({ destination: { name: 'a', namespace: 'b' } }),
    ).toEqual({
      problem:
        'destination a/b: cluster name a is not a cluster of agent x (its cluster list: agent x is down)',
    });
  });
});
