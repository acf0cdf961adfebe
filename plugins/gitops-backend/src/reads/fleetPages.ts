import { InputError } from '@backstage/errors';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { compareText } from '../fleet/FleetView';

/** Where a page of the fleet's applications ended: its last application. */
type Position = { agentId: string; key: string };

/** The one order pages follow: by agent id, then by application key. */
function compare(a: Position, b: Position): number {
  return compareText(a.agentId, b.agentId) || compareText(a.key, b.key);
}

function encode(app: GitOpsApplication): string {
  return Buffer.from(JSON.stringify([app.agentId, app.key])).toString(
    'base64url',
  );
}

function decode(cursor: string): Position {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every(part => typeof part === 'string')
    ) {
      return { agentId: value[0], key: value[1] };
    }
  } catch {
    // named below
  }
  throw new InputError(
    `cursor '${cursor.slice(
      0,
      80,
    )}' is not one this API gave: pass the nextCursor of the previous page as it is`,
  );
}

/**
 * One page of `items`, given in the stable order (agent id, then key: as
 * `FleetView.filteredApplications` answers), after `cursor` (a page's
 * `nextCursor`), at most `limit`. A cursor names a position, not an index:
 * an application added or removed before it moves no row between pages,
 * so none is skipped or repeated.
 */
export function fleetPage(
  items: GitOpsApplication[],
  options: { cursor?: string; limit: number },
): { items: GitOpsApplication[]; truncated: boolean; nextCursor?: string } {
  let start = 0;
  if (options.cursor) {
    const after = decode(options.cursor);
    let end = items.length;
    while (start < end) {
      const middle = (start + end) >>> 1;
      if (compare(items[middle], after) <= 0) start = middle + 1;
      else end = middle;
    }
  }
  const page = items.slice(start, start + options.limit);
  const truncated = start + options.limit < items.length;
  return {
    items: page,
    truncated,
    ...(truncated && { nextCursor: encode(page[page.length - 1]) }),
  };
}
