/**
 * Why a call to an agent failed.
 * @public
 */
export type AgentErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'timeout'
  | 'unreachable'
  | 'rate_limited'
  | 'malformed_response'
  | 'upstream_error'
  | 'conflict'
  | 'invalid_request';

/**
 * Every {@link AgentErrorCode}.
 * @public
 */
export const AGENT_ERROR_CODES: readonly AgentErrorCode[] = [
  'unauthorized',
  'forbidden',
  'not_found',
  'timeout',
  'unreachable',
  'rate_limited',
  'malformed_response',
  'upstream_error',
  'conflict',
  'invalid_request',
];

/**
 * A per-agent failure, reported next to the results of the other agents.
 * Never carries a credential.
 * @public
 */
export interface AgentError {
  agentId: string;
  code: AgentErrorCode;
  message: string;
  /** The upstream HTTP status, when there was one. */
  status?: number;
  retryAfterSeconds?: number;
}

/**
 * The results of a fan-out over many agents: what answered, and which
 * agents failed.
 * @public
 */
export interface MultiAgentResult<T> {
  items: T[];
  errors: AgentError[];
}
