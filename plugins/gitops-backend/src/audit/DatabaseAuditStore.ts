import { AuditStore } from './AuditStore';
import { DatabaseDriftEventStore } from './DatabaseDriftEventStore';
import {
  DatabaseOperationStore,
  DatabaseOperationStoreOptions,
} from './DatabaseOperationStore';
import { DriftEventStore } from './DriftEventStore';
import { OperationStore } from './OperationStore';
import {
  AgentOperationInput,
  AuditOperation,
  CompleteOperationInput,
  DriftEventFilter,
  DriftRecord,
  DriftStartInput,
  OperationFilter,
  StartOperationInput,
} from './types';

/**
 * Options of {@link DatabaseAuditStore.create}: those of the operation
 * store, the one store that has more than the shared ones.
 */
export type DatabaseAuditStoreOptions = DatabaseOperationStoreOptions;

/**
 * {@link AuditStore} over the two knex stores, one per table. Callers that
 * need one table take its store (`operations`, `driftEvents`).
 */
export class DatabaseAuditStore implements AuditStore {
  /** Connects once; the migrations run once for both stores. */
  static async create(
    options: DatabaseAuditStoreOptions,
  ): Promise<DatabaseAuditStore> {
    return new DatabaseAuditStore(
      await DatabaseOperationStore.create(options),
      await DatabaseDriftEventStore.create(options),
    );
  }

  private constructor(
    readonly operations: OperationStore,
    readonly driftEvents: DriftEventStore,
  ) {}

  startOperation(input: StartOperationInput): Promise<AuditOperation> {
    return this.operations.startOperation(input);
  }

  completeOperation(id: string, result: CompleteOperationInput) {
    return this.operations.completeOperation(id, result);
  }

  recordAgentOperations(inputs: AgentOperationInput[]): Promise<number> {
    return this.operations.recordAgentOperations(inputs);
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

  listOpenDrifts(agentId: string): Promise<DriftRecord[]> {
    return this.driftEvents.listOpenDrifts(agentId);
  }
}
