import { RbacPolicyError, parsePolicyCsv } from '../argocd/rbacPolicy';
import type { ScenarioIssue } from './loadScenario';
import { Scenario } from './schema';

/**
 * Cross checks of the identity parts: an agent trusting ID tokens needs the
 * scenario's identity provider; `oidc` and `rbac` are Argo CD's,
 * `accessControl` Harness's; the policy.csv loads; users and clients are
 * unique.
 */
export function checkIdentity(scenario: Scenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  const identity = scenario.identity;
  if (identity) {
    const seen = new Set<string>();
    identity.users.forEach((user, i) => {
      if (seen.has(user.username)) {
        issues.push({ path: `identity.users[${i}].username`, message: `duplicate user "${user.username}"` });
      }
      seen.add(user.username);
    });
    const clients = new Set<string>();
    identity.clients.forEach((client, i) => {
      if (clients.has(client.clientId)) {
        issues.push({ path: `identity.clients[${i}].clientId`, message: `duplicate client "${client.clientId}"` });
      }
      clients.add(client.clientId);
    });
  }
  scenario.agents.forEach((agent, i) => {
    if (agent.oidc && !identity) {
      issues.push({
        path: `agents[${i}].oidc`,
        message: 'needs the scenario\'s identity provider (the top-level `identity` section)',
      });
    }
    for (const key of ['oidc', 'rbac'] as const) {
      if (agent[key] && agent.kind !== 'argocd') {
        issues.push({ path: `agents[${i}].${key}`, message: 'only an Argo CD agent (kind argocd) takes it' });
      }
    }
    if (agent.accessControl && agent.kind !== 'harness') {
      issues.push({
        path: `agents[${i}].accessControl`,
        message: 'only a Harness agent (kind harness) takes it; Argo CD agents take `rbac`',
      });
    }
    if (agent.rbac) {
      try {
        parsePolicyCsv(agent.rbac.policyCsv);
      } catch (error) {
        if (!(error instanceof RbacPolicyError)) throw error;
        issues.push({ path: `agents[${i}].rbac.policyCsv`, message: error.message });
      }
    }
  });
  return issues;
}
