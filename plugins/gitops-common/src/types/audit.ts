/**
 * An operation the portal performs against an agent.
 * @public
 */
export type OperationAction =
  | 'refresh'
  | 'sync'
  | 'rollback'
  | 'applicationset.create';

/**
 * How an audited operation ended.
 * @public
 */
export type OperationOutcome = 'pending' | 'succeeded' | 'failed' | 'unknown';

/**
 * One audited operation: who did what, when, and how it ended.
 * @public
 */
export interface AuditEvent {
  id: string;
  /** The acting user's entity ref. */
  actor: string;
  /** The catalog entity the operation was performed through. */
  entityRef?: string;
  agentId: string;
  application?: string;
  action: OperationAction;
  parameters: Record<string, unknown>;
  outcome: OperationOutcome;
  message?: string;
  startedAt: string;
  finishedAt?: string;
}
