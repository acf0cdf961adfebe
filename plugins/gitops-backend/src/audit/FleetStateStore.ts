import type {
  FleetStateEntry,
  FleetStateInput,
  PutFleetStateResult,
} from './types';

/**
 * The last observed sync state of every application, shared by all
 * replicas, so that whichever replica runs the drift poller compares
 * against the same previous observation.
 *
 * Invalid input is rejected with an `InputError` naming the field.
 */
export interface FleetStateStore {
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
