import type { DriftEventStore } from './DriftEventStore';
import type { OperationStore } from './OperationStore';

/**
 * Durable record of what the portal did to the fleet (operations) and of
 * what the fleet did by itself (drift), shared by every backend replica:
 * the two stores in one.
 *
 * Invalid input is rejected with an `InputError` naming the field.
 */
export interface AuditStore
  extends OperationStore,
    DriftEventStore {}
