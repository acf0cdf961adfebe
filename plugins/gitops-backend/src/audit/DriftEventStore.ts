import type { DriftEventFilter, DriftRecord, DriftStartInput } from './types';

/**
 * Durable record of what the fleet did by itself: the periods during which
 * an application was out of sync with its desired state.
 *
 * Invalid input is rejected with an `InputError` naming the field.
 */
export interface DriftEventStore {
  /**
   * Opens a drift period for an application. Idempotent, also across
   * replicas recording the same change at once: while one is open for the
   * same application, that one is returned unchanged.
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

  /** Every drift period of an agent's applications that is still open. */
  listOpenDrifts(agentId: string): Promise<DriftRecord[]>;

  /** Drift periods, most recently started first. */
  listDriftEvents(filter?: DriftEventFilter): Promise<DriftRecord[]>;
}
