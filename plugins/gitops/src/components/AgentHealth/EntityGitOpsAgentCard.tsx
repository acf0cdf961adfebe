import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
  StructuredMetadataTable,
  WarningPanel,
} from '@backstage/core-components';
import type { Entity } from '@backstage/catalog-model';
import { useEntity } from '@backstage/plugin-catalog-react';
import { useAgents } from '../../hooks/useAgents';
import { timeSince } from '../../lib/timeSince';
import {
  AgentComponentsHealth,
  AgentVersion,
  highAvailabilityText,
} from './AgentComponentsHealth';

/** The annotation naming the agent a Resource entity stands for. */
const AGENT_ANNOTATION = 'gitops/agent';

/** The agent id of a GitOps agent entity (`spec.type: gitops-agent`). */
function agentIdOf(entity: Entity): string | undefined {
  const type = (entity.spec as { type?: unknown } | undefined)?.type;
  if (entity.kind.toLowerCase() !== 'resource' || type !== 'gitops-agent') {
    return undefined;
  }
  return (
    entity.metadata.annotations?.[AGENT_ANNOTATION] ?? entity.metadata.name
  );
}

/**
 * Whether an entity is a GitOps agent (a Resource of type `gitops-agent`, as
 * the GitOps entity provider makes one per agent), for `EntitySwitch`.
 * @public
 */
export function isGitOpsAgent(entity: Entity): boolean {
  return agentIdOf(entity) !== undefined;
}

/**
 * A GitOps agent's health on its Resource page: connectivity, release and
 * whether an upgrade is available, high availability, the last heartbeat,
 * and each component's health and version (Harness agents report them).
 */
export function EntityGitOpsAgentCard() {
  const { entity } = useEntity();
  const agentId = agentIdOf(entity);
  const { value, loading, error } = useAgents();
  if (loading && !value) return <Progress />;
  if (error && !value) return <ResponseErrorPanel error={error} />;
  const agent = value?.items.find(a => a.id === agentId);
  if (!agent) {
    return (
      <WarningPanel
        title="Agent not configured"
        message={`No GitOps agent ${
          agentId ?? entity.metadata.name
        } is configured in this portal.`}
      />
    );
  }
  const { status } = agent;
  return (
    <InfoCard title="GitOps agent health">
      <StructuredMetadataTable
        metadata={{
          state: status.state,
          ...(status.message && { message: status.message }),
          kind: agent.kind,
          version: <AgentVersion status={status} />,
          'high availability': highAvailabilityText(status),
          ...(status.lastHeartbeat && {
            'last heartbeat': timeSince(status.lastHeartbeat) ?? '—',
          }),
          checked: timeSince(status.checkedAt) ?? '—',
          components: <AgentComponentsHealth components={status.components} />,
        }}
      />
    </InfoCard>
  );
}
