import type { EnvironmentDefinition } from '../types';
import { resolveEnvironment } from './resolveEnvironment';

const environments: EnvironmentDefinition[] = [
  {
    name: 'dev',
    title: 'Development',
    order: 0,
    matchers: [{ cluster: 'dev-*' }, { namespace: '*-dev' }],
  },
  { name: 'qa', order: 1, matchers: [{ cluster: 'qa-*' }] },
  {
    name: 'prod',
    order: 2,
    production: true,
    matchers: [
      { cluster: 'prod-*', namespace: 'payments' },
      { server: 'https://*.prod.example.com*' },
      { agent: 'prod-agent' },
    ],
  },
  { name: 'catch-all-ns', order: 3, matchers: [{ namespace: 'shared' }] },
];

type App = Parameters<typeof resolveEnvironment>[0];

function app(overrides: Partial<App> = {}): App {
  return { agentId: 'a1', destination: {}, ...overrides };
}

describe('resolveEnvironment', () => {
  it.each<[string, App, string]>([
    [
      'the declared environment',
      app({ declaredEnvironment: 'staging', destination: { name: 'dev-1' } }),
      'staging',
    ],
    [
      'the declared environment, trimmed',
      app({ declaredEnvironment: ' staging ' }),
      'staging',
    ],
    [
      'a declared environment naming a configured one by its title',
      app({ declaredEnvironment: 'Development' }),
      'dev',
    ],
    [
      'a declared environment naming a configured one in another case',
      app({ declaredEnvironment: 'PROD' }),
      'prod',
    ],
    [
      'a blank declared environment falls through',
      app({ declaredEnvironment: ' ', destination: { name: 'qa-1' } }),
      'qa',
    ],
    [
      'the cluster name matcher',
      app({ destination: { name: 'dev-eu' } }),
      'dev',
    ],
    [
      'the clusterName matcher',
      app({
        destination: { server: 'https://10.0.0.1' },
        clusterName: 'qa-us',
      }),
      'qa',
    ],
    [
      'the namespace matcher',
      app({ destination: { name: 'big', namespace: 'payments-dev' } }),
      'dev',
    ],
    [
      'all fields of a matcher must match',
      app({ destination: { name: 'prod-eu', namespace: 'billing' } }),
      'prod-eu',
    ],
    [
      'the combined matcher',
      app({ destination: { name: 'prod-eu', namespace: 'payments' } }),
      'prod',
    ],
    [
      'the server matcher',
      app({ destination: { server: 'https://k8s.prod.example.com:6443' } }),
      'prod',
    ],
    [
      'the agent matcher',
      app({ agentId: 'prod-agent', destination: { name: 'x' } }),
      'prod',
    ],
    [
      'the first environment in config order',
      app({ agentId: 'prod-agent', destination: { name: 'dev-1' } }),
      'dev',
    ],
    [
      'a later environment',
      app({ destination: { name: 'c', namespace: 'shared' } }),
      'catch-all-ns',
    ],
    [
      'the destination name when nothing matches',
      app({ destination: { name: 'edge-7', server: 'https://edge' } }),
      'edge-7',
    ],
    [
      'clusterName next',
      app({
        destination: { server: 'https://edge:6443' },
        clusterName: 'edge-cluster',
      }),
      'edge-cluster',
    ],
    [
      'the server host next',
      app({ destination: { server: 'https://edge.example.com:6443/' } }),
      'edge.example.com:6443',
    ],
    [
      'the in-cluster host',
      app({ destination: { server: 'https://kubernetes.default.svc' } }),
      'kubernetes.default.svc',
    ],
    [
      'a server that is no URL',
      app({ destination: { server: 'not a url' } }),
      'not a url',
    ],
    ['unknown last', app(), 'unknown'],
    [
      'unknown for blank fields',
      app({ destination: { name: '', server: ' ' }, clusterName: '' }),
      'unknown',
    ],
  ])('uses %s', (_, given, expected) => {
    expect(resolveEnvironment(given, environments)).toBe(expected);
  });

  it('works without configured environments', () => {
    expect(
      resolveEnvironment(app({ destination: { name: 'dev-1' } }), []),
    ).toBe('dev-1');
  });

  it('skips environments without matchers', () => {
    expect(
      resolveEnvironment(app({ destination: { name: 'dev-1' } }), [
        { name: 'x', order: 0 },
        { name: 'y', order: 1, matchers: [] },
        { name: 'z', order: 2, matchers: [{}] },
      ]),
    ).toBe('dev-1');
  });
});
