import type { MouseEvent } from 'react';

/**
 * A table's row-click handler that opens the row (its drawer), unless the
 * click was on a link in the row (owner, agent UI, resource name): a link
 * goes where it points. `canOpen` leaves rows that have nothing to open
 * (an application no entity claims) as they are.
 */
export function rowClickOpens<T>(
  open: (row: T) => void,
  canOpen: (row: T) => boolean = () => true,
): (event?: MouseEvent, row?: T) => void {
  return (event, row) => {
    const target = event?.target as HTMLElement | null | undefined;
    if (row !== undefined && canOpen(row) && !target?.closest?.('a')) {
      open(row);
    }
  };
}
