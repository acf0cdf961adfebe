import type {
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

  /** One operation, or `undefined` if there is none with this id. */
  getOperation(id: string): Promise<AuditOperation | undefined>;

  /**
   * Operations, newest first. Rows still `pending` after the staleness
   * window are reported with outcome `unknown`: whoever started them never
   * came back to say how they ended.
   */
  listOperations(filter?: OperationFilter): Promise<AuditOperation[]>;
}
