import type {
  AuditOperation,
  CompleteOperationInput,
  DriftEventFilter,
  DriftRecord,
  DriftStartInput,
  FleetStateEntry,
  FleetStateInput,
  OperationFilter,
  PutFleetStateResult,
  StartOperationInput,
} from './types';

/**
 * Durable record of what the portal did to the fleet (operations) and of
 * what the fleet did by itself (drift), shared by every backend replica.
 *
 * Invalid input is rejected with an `InputError` naming the field.
 * @public
 */
export interface AuditStore {
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

  /**
   * Opens a drift period for an application. Idempotent: while one is open
   * for the same application, that one is returned unchanged.
   */
  recordDriftStart(input: DriftStartInput): Promise<DriftRecord>;

  /**
   * Closes the open drift period of an application at `endedAt` (ISO 8601).
   * Returns the closed period, or `undefined` when none was open.
   */
  recordDriftEnd(
    agentId: string,
    application: string,
    endedAt: string,
    appNamespace?: string,
  ): Promise<DriftRecord | undefined>;

  /** The open drift period of an application, if it is drifting. */
  openDrift(
    agentId: string,
    application: string,
    appNamespace?: string,
  ): Promise<DriftRecord | undefined>;

  /** Drift periods, most recently started first. */
  listDriftEvents(filter?: DriftEventFilter): Promise<DriftRecord[]>;

  /** The last observed state of every application of an agent. */
  getFleetState(agentId: string): Promise<FleetStateEntry[]>;

  /**
   * Replaces the observed state of an agent's applications: upserts every
   * given row and deletes the rows of applications that are not in `rows`
   * any more. Pass the agent's complete application list; an agent that
   * could not be read should not be written at all.
   */
  putFleetState(
    agentId: string,
    rows: FleetStateInput[],
  ): Promise<PutFleetStateResult>;
}
