import { StartOperationInput } from '../audit/types';

/** The time every audit store test starts at. */
export const T0 = '2026-11-22T10:00:00.000Z';

/** `iso` plus `plusMs` milliseconds. */
export function at(iso: string, plusMs: number = 0): Date {
  return new Date(Date.parse(iso) + plusMs);
}

/**
 * A clock for the stores' `clock` option that only moves when told, so that
 * rows get the timestamps a test expects.
 */
export function testClock(start: string = T0) {
  let now = at(start);
  return {
    now: () => now,
    tick(ms: number = 1000) {
      now = new Date(now.getTime() + ms);
    },
    set(iso: string) {
      now = at(iso);
    },
  };
}

/** A sync of payments-prod by alice, with `overrides`. */
export function operation(
  overrides: Partial<StartOperationInput> = {},
): StartOperationInput {
  return {
    actor: 'user:default/alice',
    entityRef: 'component:default/payments',
    agentId: 'prod-eu',
    application: 'payments-prod',
    action: 'sync',
    parameters: { prune: true, dryRun: false, revision: 'abc123' },
    ...overrides,
  };
}
