import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
import { agentErrorCodeValues } from '../client/generated/openapi';
/**
 * Why a call to an agent failed.
 * @public
 */
export type AgentErrorCode = AgentError['code'];

/**
 * Every {@link AgentErrorCode} (the spec's).
 * @public
 */
export const AGENT_ERROR_CODES: readonly AgentErrorCode[] =
  agentErrorCodeValues;

/**
 * A per-agent failure, reported next to the results of the other agents.
 * Never carries a credential.
 * @public
 */
export type AgentError = GitOpsApiSchemas['AgentError'];

/**
 * The results of a fan-out over many agents: what answered, and which
 * agents failed.
 * @public
 */
export interface MultiAgentResult<T> {
  items: T[];
  errors: AgentError[];
}
