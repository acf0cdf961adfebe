import type {
  AgentOperationInput,
  AuditOperation,
  CompleteOperationInput,
  OperationFilter,
  StartOperationInput,
} from './types';

/**
 * Durable record of what the portal did to the fleet: one row per refresh,
 * sync, rollback or ApplicationSet create, shared by every backend replica.
 *
 * Invalid input is rejected with an `InputError` naming the field.
 */
export interface OperationStore {
  /**
   * Records an operation with outcome `pending`. Call it before the agent is
   * called, so that an operation whose backend crashed midway still shows
   * (later as `unknown`).
   */
  startOperation(input: StartOperationInput): Promise<AuditOperation>;

  /**
   * Records how a pending operation ended. Throws `NotFoundError` for an
   * unknown id and `ConflictError` when the operation already ended.
   */
  completeOperation(id: string, result: CompleteOperationInput): Promise<void>;

  /**
   * Records deployments read from agents' histories as operations of origin
   * `agent` (outcome `succeeded`, actor the entry's initiator), each history
   * entry once however often it is read, and none a portal sync or
   * rollback of the application explains (one started at most two minutes
   * before the entry's sync started). Answers how many rows it added.
   */
  recordAgentOperations(inputs: AgentOperationInput[]): Promise<number>;

  /** One operation, or `undefined` if there is none with this id. */
  getOperation(id: string): Promise<AuditOperation | undefined>;

  /**
   * Operations, newest first. Rows still `pending` after the staleness
   * window are reported with outcome `unknown`: whoever started them never
   * came back to say how they ended.
   */
  listOperations(filter?: OperationFilter): Promise<AuditOperation[]>;
}
