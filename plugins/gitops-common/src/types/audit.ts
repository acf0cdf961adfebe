import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
/**
 * An operation the portal performs against an agent.
 * @public
 */
export type OperationAction =
  | 'refresh'
  | 'sync'
  | 'rollback'
  | 'terminate'
  | 'resource.action'
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
export type AuditEvent = GitOpsApiSchemas['AuditEvent'];
