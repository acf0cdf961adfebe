/**
 * A one-agent sandbox scenario (Argo CD agent `hub`, dev and prod on its
 * in-cluster destination, project `shop`, one existing service) shared by
 * the tests that apply ApplicationSets to a sandbox agent.
 */
export function hubScenario(seed: string) {
  return {
    seed,
    environments: [
      { name: 'dev', cluster: 'in-cluster', namespace: '{service}-dev' },
      { name: 'prod', cluster: 'in-cluster', namespace: '{service}-prod' },
    ],
    projects: [{ name: 'shop' }],
    services: [
      {
        name: 'existing',
        repo: 'https://github.com/acme/existing.git',
        project: 'shop',
        agents: ['hub'],
      },
    ],
    agents: [
      {
        id: 'hub',
        kind: 'argocd',
        token: 'hub-argo-token-0001',
        environments: ['dev', 'prod'],
        clusters: [
          { name: 'in-cluster', server: 'https://kubernetes.default.svc' },
        ],
      },
    ],
  };
}
