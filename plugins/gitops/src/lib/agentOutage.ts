import type {
  AgentError,
  EntityApplicationsResponse,
} from '@gitops-suite/plugin-gitops-common';

/** An entity's view of the agents that failed while answering for it. */
export interface EntityOutage {
  /**
   * The errors to show: agents that serve one of the entity's applications,
   * and agents whose applications were never loaded (they may hold some).
   * An agent that answered before and serves none of them is left out.
   */
  errors: AgentError[];
  /** Failing agents whose applications are shown from their last known state. */
  unreachable: Map<string, AgentError>;
}

/** Decides which agent failures concern an entity's applications. */
export function entityOutage(
  response: Pick<
    EntityApplicationsResponse,
    'environments' | 'errors' | 'freshness'
  >,
): EntityOutage {
  const used = new Set(
    response.environments.flatMap(group =>
      group.applications.map(app => app.agentId),
    ),
  );
  const loaded = new Set(
    (response.freshness ?? [])
      .filter(entry => entry.syncedAt)
      .map(entry => entry.agentId),
  );
  const unreachable = new Map<string, AgentError>();
  const errors: AgentError[] = [];
  for (const error of response.errors) {
    if (used.has(error.agentId)) {
      if (!unreachable.has(error.agentId)) {
        unreachable.set(error.agentId, error);
      }
      errors.push(error);
    } else if (!loaded.has(error.agentId)) {
      errors.push(error);
    }
  }
  return { errors, unreachable };
}

const SHORT_REASONS: Partial<Record<AgentError['code'], string>> = {
  unreachable: 'agent unreachable',
  timeout: 'agent did not answer in time',
  unauthorized: 'agent rejected the portal credentials',
  forbidden: 'agent refused access',
  rate_limited: 'agent is rate limiting',
};

/** A cell's state while its agent fails: "unknown: agent unreachable". */
export function outageLabel(error: AgentError): string {
  return `unknown: ${SHORT_REASONS[error.code] ?? 'agent failed'}`;
}
