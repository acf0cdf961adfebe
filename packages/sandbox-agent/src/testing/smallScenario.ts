import type { ScenarioInput } from '../scenario/schema';

/** A small two-agent scenario (one Argo CD, one Harness) with fast syncs, for tests. */
export function smallScenario(overrides: Partial<ScenarioInput> = {}): ScenarioInput {
  return {
    seed: 'test-seed',
    environments: [
      { name: 'dev', cluster: 'nonprod', namespace: '{service}-dev', syncPolicy: 'automated-prune' },
      { name: 'prod', cluster: 'prod', namespace: '{service}-prod', syncPolicy: 'manual' },
    ],
    projects: [{ name: 'shop' }, { name: 'secret' }],
    services: [
      { name: 'web', repo: 'https://github.com/acme/web-deploy.git', project: 'shop', signing: 'signed', secret: true, ingress: true },
      { name: 'api', repo: 'https://github.com/acme/api-deploy.git', type: 'helm', project: 'shop', overrides: { prod: { revisionsBehind: 2 } } },
      { name: 'worker', repo: 'https://github.com/acme/worker-deploy.git', type: 'directory', project: 'shop', overrides: { prod: { sync: 'OutOfSync', prune: true } } },
      { name: 'vault', repo: 'https://github.com/acme/vault-deploy.git', project: 'secret' },
      { name: 'risk', repo: 'https://github.com/acme/risk-deploy.git', agents: ['hx'], harnessServiceRef: 'account.risk' },
    ],
    agents: [
      {
        id: 'argo',
        kind: 'argocd',
        token: 'argo-token-123',
        username: 'admin',
        password: 'admin-password',
        syncDurationMs: 60,
        selfHealDelayMs: 60,
        forbiddenProjects: ['secret'],
        tokens: [
          { name: 'reader', token: 'reader-token-123', readOnly: true },
          { name: 'shop-only', token: 'shop-token-1234', projects: ['shop'] },
        ],
        clusters: [
          { name: 'nonprod', server: 'https://nonprod.example.internal:6443', labels: { tier: 'nonprod' } },
          { name: 'prod', server: 'https://prod.example.internal:6443', labels: { tier: 'prod' } },
        ],
      },
      {
        id: 'hx',
        kind: 'harness',
        token: 'harness-api-key-123',
        syncDurationMs: 60,
        environments: [
          { name: 'dev', cluster: 'eu' },
          { name: 'prod', cluster: 'eu' },
        ],
        services: ['risk'],
        clusters: [{ name: 'eu', server: 'https://eu.example.internal:6443', identifier: 'eu_cluster' }],
        harness: {
          accountIdentifier: 'acct123',
          orgIdentifier: 'default',
          projectIdentifier: 'shop',
          agentIdentifier: 'hxagent',
        },
      },
    ],
    ...overrides,
  };
}
