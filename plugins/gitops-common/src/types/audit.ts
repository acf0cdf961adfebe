import type { GitOpsApiSchemas } from '../client/gitopsApiClient';
/**
 * An operation the portal performs against an agent.
 * @public
 */
export type OperationAction = AuditEvent['action'];

/**
 * How an audited operation ended; `refused` when the portal refused it (a
 * permission or the trust model) before the agent was called.
 * @public
 */
export type OperationOutcome = AuditEvent['outcome'];

/**
 * One audited operation: who did what, when, and how it ended.
 * @public
 */
export type AuditEvent = GitOpsApiSchemas['AuditEvent'];
