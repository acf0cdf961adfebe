import { sanitizeAgentText } from '@gitops-suite/plugin-gitops-common';
import type {
  GitOpsAgentComponentHealth,
  GitOpsAgentStatus,
} from '@gitops-suite/plugin-gitops-common';
import {
  HARNESS_AGENT_COMPONENTS,
  HarnessAgent,
  HarnessAgentComponentHealth,
} from './harnessTypes';

/** `0.92.3` from V1SemanticVersion's strings; undefined without a major. */
function semanticVersion(version: HarnessAgent['version']): string | undefined {
  if (!version?.major) return undefined;
  return [version.major, version.minor ?? '0', version.patch ?? '0'].join('.');
}

function componentStatus(
  status: string | undefined,
): GitOpsAgentComponentHealth['status'] {
  if (status === 'HEALTHY') return 'Healthy';
  if (status === 'UNHEALTHY') return 'Unhealthy';
  return 'Unknown';
}

function component(
  name: string,
  health: HarnessAgentComponentHealth,
): GitOpsAgentComponentHealth {
  // Kubernetes' own error says more than the summary; both when they differ
  const message = [health.message, health.k8sError]
    .filter((m, i, all): m is string => Boolean(m) && all.indexOf(m) === i)
    .map(m => sanitizeAgentText(m, { multiline: true }))
    .join(': ');
  return {
    name,
    status: componentStatus(health.status),
    ...(health.version && { version: health.version }),
    ...(message && { message }),
  };
}

/**
 * A Harness agent's status from its V1Agent (AgentServiceForServerGet):
 * connected when Harness reports it CONNECTED, its release (V1SemanticVersion),
 * whether an upgrade is available, whether it runs highly available, its last
 * heartbeat and each component's health and version, in Harness's order.
 */
export function normalizeHarnessAgent(
  raw: HarnessAgent,
  base: { agentId: string; kind: string; agentIdentifier: string },
  checkedAt: string,
): GitOpsAgentStatus {
  const health = raw.health ?? {};
  const connected = health.connectionStatus === 'CONNECTED';
  const version = semanticVersion(raw.version);
  const components = HARNESS_AGENT_COMPONENTS.flatMap(name => {
    const entry = health[name];
    return entry && typeof entry === 'object' ? [component(name, entry)] : [];
  });
  // the Argo CD under the agent: its application controller's release
  const argoCdVersion = components.find(
    c => c.name === 'argoAppController',
  )?.version;
  const heartbeat =
    health.lastHeartbeat && !Number.isNaN(Date.parse(health.lastHeartbeat))
      ? new Date(health.lastHeartbeat).toISOString()
      : undefined;
  return {
    agentId: base.agentId,
    kind: base.kind,
    state: connected ? 'connected' : 'disconnected',
    ...(version && { version }),
    ...(!connected && {
      message: `Harness reports agent ${base.agentIdentifier} ${
        health.connectionStatus
          ? sanitizeAgentText(health.connectionStatus)
          : 'without a connection status'
      }${heartbeat ? ` (last heartbeat ${heartbeat})` : ''}`,
    }),
    checkedAt,
    ...(heartbeat && { lastHeartbeat: heartbeat }),
    // booleans the gateway leaves out when false (proto3 JSON, omitempty)
    upgradeAvailable: raw.upgradeAvailable === true,
    highAvailability: raw.metadata?.highAvailability === true,
    ...(components.length && { components }),
    ...(argoCdVersion && { argoCdVersion }),
  };
}
