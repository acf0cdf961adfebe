import { InputError } from '@backstage/errors';
import { application } from '@gitops-suite/plugin-gitops-node/testUtils';
import { fleetPage } from './fleetPages';

const app = (agentId: string, name: string) => ({
  ...application({ name }),
  agentId,
  key: `${agentId}/${name}`,
});

/** Every page after the first, read through its cursors. */
function readAll(items: ReturnType<typeof app>[], limit: number) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = fleetPage([...items], { cursor, limit });
    seen.push(...page.items.map(a => a.key));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
}

describe('fleetPage', () => {
  // as FleetView answers: by agent id, then key
  const fleet = [
    app('a', 'checkout-dev'),
    app('a', 'checkout-prod'),
    app('a', 'checkout-qa'),
    app('b', 'payments-dev'),
    app('b', 'payments-prod'),
  ];

  it('pages through the order, each application once', () => {
    expect(readAll(fleet, 2)).toEqual([
      'a/checkout-dev',
      'a/checkout-prod',
      'a/checkout-qa',
      'b/payments-dev',
      'b/payments-prod',
    ]);
    const first = fleetPage([...fleet], { limit: 2 });
    expect(first.truncated).toBe(true);
    const last = fleetPage([...fleet], { limit: 5 });
    expect(last).toEqual({ items: expect.any(Array), truncated: false });
  });

  it('skips and repeats nothing when an application before the cursor comes or goes', () => {
    const first = fleetPage([...fleet], { limit: 2 });
    // between pages, one is added before the cursor and one removed before it
    const changed = [
      app('a', 'billing-dev'),
      ...fleet.filter(a => a.key !== 'a/checkout-dev'),
    ];
    const second = fleetPage(changed, { cursor: first.nextCursor, limit: 2 });
    expect(second.items.map(a => a.key)).toEqual([
      'a/checkout-qa',
      'b/payments-dev',
    ]);
  });

  it('goes on after a cursor whose application is gone', () => {
    const first = fleetPage([...fleet], { limit: 3 });
    const without = fleet.filter(a => a.key !== 'a/checkout-qa');
    const second = fleetPage(without, { cursor: first.nextCursor, limit: 3 });
    expect(second.items.map(a => a.key)).toEqual([
      'b/payments-dev',
      'b/payments-prod',
    ]);
  });

  it('names a cursor it did not give', () => {
    expect(() =>
      fleetPage([...fleet], { cursor: 'bm90IGEgY3Vyc29y', limit: 2 }),
    ).toThrow(
      new InputError(
        "cursor 'bm90IGEgY3Vyc29y' is not one this API gave: pass the nextCursor of the previous page as it is",
      ),
    );
  });
});
