import type { DriftEventStore } from './DriftEventStore';
import type { FleetStateStore } from './FleetStateStore';
import type { OperationStore } from './OperationStore';

/**
 * Durable record of what the portal did to the fleet (operations) and of
 * what the fleet did by itself (drift, against the last observed fleet
 * state), shared by every backend replica: the three stores in one.
 *
 * Invalid input is rejected with an `InputError` naming the field.
 */
export interface AuditStore
  extends OperationStore,
    DriftEventStore,
    FleetStateStore {}
