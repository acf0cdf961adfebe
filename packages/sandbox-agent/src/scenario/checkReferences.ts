import { Scenario } from './schema';
import type { ScenarioIssue } from './loadScenario';
import { checkIdentity } from './checkIdentity';

function duplicates<T>(items: T[], key: (item: T) => string) {
  const seen = new Map<string, number>();
  const dups: Array<{ index: number; value: string }> = [];
  items.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) dups.push({ index, value });
    else seen.set(value, index);
  });
  return dups;
}

/** The scope a Harness agent identifier names by its prefix. */
function agentScope(agentIdentifier: string): 'account' | 'org' | 'project' {
  if (agentIdentifier.startsWith('account.')) return 'account';
  if (agentIdentifier.startsWith('org.')) return 'org';
  return 'project';
}

/** Cross-field checks zod cannot express: references between sections. */
export function checkReferences(scenario: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const envNames = new Set(scenario.environments.map(e => e.name));
  const serviceNames = new Set(scenario.services.map(s => s.name));
  const agentIds = new Set(scenario.agents.map(a => a.id));

  if (scenario.agents.length === 0) {
    issues.push({
      path: 'agents',
      message: 'at least one agent is required (or a `generate` block)',
    });
  }
  for (const d of duplicates(scenario.agents, a => a.id)) {
    issues.push({ path: `agents[${d.index}].id`, message: `duplicate agent id "${d.value}"` });
  }
  for (const d of duplicates(scenario.environments, e => e.name)) {
    issues.push({
      path: `environments[${d.index}].name`,
      message: `duplicate environment "${d.value}"`,
    });
  }
  for (const d of duplicates(scenario.services, s => s.name)) {
    issues.push({ path: `services[${d.index}].name`, message: `duplicate service "${d.value}"` });
  }

  scenario.services.forEach((service, i) => {
    service.environments?.forEach((env, j) => {
      if (!envNames.has(env)) {
        issues.push({
          path: `services[${i}].environments[${j}]`,
          message: `unknown environment "${env}"`,
        });
      }
    });
    service.agents?.forEach((agent, j) => {
      if (!agentIds.has(agent)) {
        issues.push({ path: `services[${i}].agents[${j}]`, message: `unknown agent "${agent}"` });
      }
    });
    for (const env of Object.keys(service.overrides ?? {})) {
      if (!envNames.has(env)) {
        issues.push({
          path: `services[${i}].overrides.${env}`,
          message: `unknown environment "${env}"`,
        });
      }
    }
    if (service.type === 'multi-source' && !service.chart) {
      issues.push({
        path: `services[${i}].chart`,
        message: 'required for type multi-source (the Helm chart; values come from repo)',
      });
    }
  });

  scenario.agents.forEach((agent, i) => {
    const clusterNames = new Set(['in-cluster', ...(agent.clusters ?? []).map(c => c.name)]);
    if (agent.kind === 'harness' && !agent.harness) {
      issues.push({
        path: `agents[${i}].harness`,
        message:
          'required for kind harness (accountIdentifier, orgIdentifier, projectIdentifier, agentIdentifier)',
      });
    }
    if (agent.kind === 'harness' && agent.harness) {
      const scope = agentScope(agent.harness.agentIdentifier);
      if (scope !== 'account' && !agent.harness.orgIdentifier) {
        issues.push({
          path: `agents[${i}].harness.orgIdentifier`,
          message: `required for a ${scope}-scoped agent`,
        });
      }
      if (scope === 'project' && !agent.harness.projectIdentifier) {
        issues.push({
          path: `agents[${i}].harness.projectIdentifier`,
          message: 'required for a project-scoped agent (or prefix the agentIdentifier with account. or org.)',
        });
      }
    }
    for (const d of duplicates(agent.clusters ?? [], c => c.name)) {
      issues.push({
        path: `agents[${i}].clusters[${d.index}].name`,
        message: `duplicate cluster "${d.value}"`,
      });
    }
    agent.environments?.forEach((entry, j) => {
      const envName = typeof entry === 'string' ? entry : entry.name;
      const path =
        typeof entry === 'string' ? `agents[${i}].environments[${j}]` : `agents[${i}].environments[${j}].name`;
      const env = scenario.environments.find(e => e.name === envName);
      if (!env) {
        issues.push({ path, message: `unknown environment "${envName}"` });
        return;
      }
      const cluster = (typeof entry === 'string' ? undefined : entry.cluster) ?? env.cluster;
      if (cluster && !clusterNames.has(cluster)) {
        issues.push({
          path:
            typeof entry !== 'string' && entry.cluster
              ? `agents[${i}].environments[${j}].cluster`
              : `agents[${i}].environments[${j}]`,
          message: `cluster "${cluster}" (of environment ${envName}) is not among the agent's clusters (${[
            ...clusterNames,
          ].join(', ')})`,
        });
      }
    });
    agent.services?.forEach((service, j) => {
      if (!serviceNames.has(service)) {
        issues.push({ path: `agents[${i}].services[${j}]`, message: `unknown service "${service}"` });
      }
    });
    agent.applications?.forEach((app, j) => {
      const meta = app.metadata as { name?: unknown } | undefined;
      if (!meta || typeof meta.name !== 'string' || !meta.name) {
        issues.push({
          path: `agents[${i}].applications[${j}].metadata.name`,
          message: 'a literal Application needs metadata.name',
        });
      }
    });
    agent.applicationSets?.forEach((set, j) => {
      const meta = set.metadata as { name?: unknown } | undefined;
      if (!meta || typeof meta.name !== 'string' || !meta.name) {
        issues.push({
          path: `agents[${i}].applicationSets[${j}].metadata.name`,
          message: 'a literal ApplicationSet needs metadata.name',
        });
      }
    });
    agent.faults?.paths?.forEach((pattern, j) => {
      try {
        // eslint-disable-next-line no-new
        new RegExp(pattern);
      } catch {
        issues.push({
          path: `agents[${i}].faults.paths[${j}]`,
          message: `not a valid regular expression: ${pattern}`,
        });
      }
    });
  });
  issues.push(...checkIdentity(scenario));
  return issues;
}
