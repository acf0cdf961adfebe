import { AuditStore } from './AuditStore';
import { DatabaseDriftEventStore } from './DatabaseDriftEventStore';
import { DatabaseFleetStateStore } from './DatabaseFleetStateStore';
import {
  DatabaseOperationStore,
  DatabaseOperationStoreOptions,
} from './DatabaseOperationStore';
import { DriftEventStore } from './DriftEventStore';
import { FleetStateStore } from './FleetStateStore';
import { OperationStore } from './OperationStore';
import {
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
 * Options of {@link DatabaseAuditStore.create}: those of the operation
 * store, the one store that has more than the shared ones.
 */
export type DatabaseAuditStoreOptions = DatabaseOperationStoreOptions;

/**
 * {@link AuditStore} over the three knex stores, one per table. Callers that
 * need one table take its store (`operations`, `driftEvents`, `fleetState`).
 */
export class DatabaseAuditStore implements AuditStore {
  /** Connects once; the migrations run once for all three stores. */
  static async create(
    options: DatabaseAuditStoreOptions,
  ): Promise<DatabaseAuditStore> {
    return new DatabaseAuditStore(
      await DatabaseOperationStore.create(options),
      await DatabaseDriftEventStore.create(options),
      await DatabaseFleetStateStore.create(options),
    );
  }

  private constructor(
    readonly operations: OperationStore,
    readonly driftEvents: DriftEventStore,
    readonly fleetState: FleetStateStore,
  ) {}

  startOperation(input: StartOperationInput): Promise<AuditOperation> {
    return this.operations.startOperation(input);
  }

  completeOperation(id: string, result: CompleteOperationInput) {
    return this.operations.completeOperation(id, result);
  }

  getOperation(id: string): Promise<AuditOperation | undefined> {
    return this.operations.getOperation(id);
  }

  listOperations(filter?: OperationFilter): Promise<AuditOperation[]> {
    return this.operations.listOperations(filter);
  }

  recordDriftStart(input: DriftStartInput): Promise<DriftRecord> {
    return this.driftEvents.recordDriftStart(input);
  }

  recordDriftEnd(
    agentId: string,
    application: string,
    endedAt: string,
    appNamespace?: string,
  ): Promise<DriftRecord | undefined> {
    return this.driftEvents.recordDriftEnd(
      agentId,
      application,
      endedAt,
      appNamespace,
    );
  }

  openDrift(agentId: string, application: string, appNamespace?: string) {
    return this.driftEvents.openDrift(agentId, application, appNamespace);
  }

  listDriftEvents(filter?: DriftEventFilter): Promise<DriftRecord[]> {
    return this.driftEvents.listDriftEvents(filter);
  }

  getFleetState(agentId: string): Promise<FleetStateEntry[]> {
    return this.fleetState.getFleetState(agentId);
  }

  putFleetState(
    agentId: string,
    rows: FleetStateInput[],
  ): Promise<PutFleetStateResult> {
    return this.fleetState.putFleetState(agentId, rows);
  }
}
