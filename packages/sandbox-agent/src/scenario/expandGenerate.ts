import { AgentSpec, GenerateSpec, Scenario, ServiceSpec } from './schema';

const DEFAULT_MIX = {
  outOfSync: 0.08,
  degraded: 0.03,
  progressing: 0.03,
  suspended: 0.01,
  failedSync: 0.02,
};

const TYPES: Array<ServiceSpec['type']> = ['kustomize', 'helm', 'directory'];
const REGIONS = ['eu-west-1', 'us-east-1', 'ap-southeast-2', 'eu-central-1', 'us-west-2'];

function pad(n: number, width: number) {
  return String(n).padStart(width, '0');
}

/** The agent ids and tokens a `generate` block produces (tests and benchmarks rely on them). */
export function generatedAgentId(index: number, total: number, harness: boolean) {
  return `${harness ? 'harness' : 'argocd'}-${pad(index + 1, Math.max(2, String(total).length))}`;
}

/**
 * Expands a `generate` block into environments, services and agents: a
 * large fleet for benchmarks. Every agent deploys the same services (one app
 * per service and environment) until it has `appsPerAgent` applications.
 */
export function expandGenerate(scenario: Scenario): Scenario {
  const spec: GenerateSpec | undefined = scenario.generate;
  if (!spec) return scenario;

  const envNames =
    spec.environments ??
    (scenario.environments.length ? scenario.environments.map(e => e.name) : ['dev', 'qa', 'prod']);
  const environments = [...scenario.environments];
  for (const envName of envNames) {
    if (!environments.some(e => e.name === envName)) {
      environments.push({ name: envName, namespace: `{service}-${envName}` });
    }
  }

  const harnessCount = Math.min(spec.harnessAgents ?? 0, spec.agents);
  const agentIds = Array.from({ length: spec.agents }, (_, i) =>
    generatedAgentId(i, spec.agents, i >= spec.agents - harnessCount),
  );
  const serviceCount = Math.ceil(spec.appsPerAgent / envNames.length);
  const width = Math.max(4, String(serviceCount).length);
  const services: ServiceSpec[] = [...scenario.services];
  for (let i = 0; i < serviceCount; i++) {
    const remaining = spec.appsPerAgent - i * envNames.length;
    services.push({
      name: `svc-${pad(i + 1, width)}`,
      repo: `https://git.example.com/fleet/svc-${pad(i + 1, width)}-deploy.git`,
      type: TYPES[i % TYPES.length],
      project: `team-${pad((i % 12) + 1, 2)}`,
      team: `team-${pad((i % 12) + 1, 2)}`,
      commits: 6,
      secret: i % 10 === 0,
      environments: remaining < envNames.length ? envNames.slice(0, remaining) : undefined,
      agents: agentIds,
    });
  }
  const generatedServiceNames = services.slice(scenario.services.length).map(s => s.name);

  const agents: AgentSpec[] = [...scenario.agents];
  for (let i = 0; i < spec.agents; i++) {
    const harness = i >= spec.agents - harnessCount;
    const id = agentIds[i];
    const region = REGIONS[i % REGIONS.length];
    const clusters = [
      { name: `${id}-nonprod`, server: `https://${id}-nonprod.k8s.example.internal:6443`, labels: { tier: 'nonprod' } },
      { name: `${id}-prod`, server: `https://${id}-prod.k8s.example.internal:6443`, labels: { tier: 'prod' } },
    ];
    agents.push({
      id,
      kind: harness ? 'harness' : 'argocd',
      region,
      token: `sandbox-token-${id}`,
      username: 'admin',
      password: `sandbox-password-${id}`,
      syncDurationMs: spec.syncDurationMs,
      environments: envNames.map(envName => ({
        name: envName,
        cluster: envName === 'prod' ? clusters[1].name : clusters[0].name,
      })),
      services: generatedServiceNames,
      clusters,
      faults:
        spec.latencyMs || spec.jitterMs
          ? { latencyMs: spec.latencyMs, jitterMs: spec.jitterMs }
          : undefined,
      harness: harness
        ? {
            accountIdentifier: 'sandboxAccount01',
            orgIdentifier: 'default',
            projectIdentifier: 'fleet',
            agentIdentifier: `agent_${pad(i + 1, 3)}`,
          }
        : undefined,
    });
  }

  return {
    ...scenario,
    environments,
    services,
    agents,
    mix: scenario.mix ?? spec.mix ?? DEFAULT_MIX,
    generate: undefined,
  };
}
