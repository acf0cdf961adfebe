import { useGitOpsTestBackend } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * The fleet list through the router: every reachable agent's applications,
 * errors for the others, and its filters.
 */
describe('fleet routes (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(startRouterFleet);

  describe('fleet applications', () => {
    type App = {
      agentId: string;
      name: string;
      health: { status: string };
      sync: { status: string };
    };
    const fleet = async (query: Record<string, string>) => {
      const res = await env
        .api()
        .get('/api/gitops/fleet/applications')
        .query(query)
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      return res.body as {
        items: App[];
        errors: Array<{ agentId: string }>;
        total: number;
      };
    };

    it('lists every reachable agent’s applications with errors for the others', async () => {
      const body = await fleet({});
      const agents = new Set(body.items.map(a => a.agentId));
      expect([...agents].sort()).toEqual(['hx', 'nonprod', 'prod']);
      // payments + checkout on dev/qa (nonprod) and prod, risk on dev/prod (hx)
      expect(body.total).toBe(8);
      expect(body.errors.map(e => e.agentId).sort()).toEqual([
        'ghost',
        'standby',
      ]);
    });

    it('answers JSON with its length', async () => {
      const res = await env
        .api()
        .get('/api/gitops/fleet/applications')
        .set('Authorization', env.auth)
        .set('Accept-Encoding', 'identity');
      expect(res.headers['content-type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(Number(res.headers['content-length'])).toBe(
        Buffer.byteLength(res.text),
      );
      expect(JSON.parse(res.text).total).toBe(8);
    });

    it('filters by agent', async () => {
      const body = await fleet({ agent: 'prod' });
      expect(body.items.map(a => a.name).sort()).toEqual([
        'checkout-prod',
        'payments-prod',
      ]);
      expect(body.items.every(a => a.agentId === 'prod')).toBe(true);
      expect(body.errors).toEqual([]);

      const two = await fleet({ agent: 'prod,hx' });
      expect(new Set(two.items.map(a => a.agentId))).toEqual(
        new Set(['prod', 'hx']),
      );
      expect(two.total).toBe(4);
    });

    it('filters by health', async () => {
      const body = await fleet({ health: 'Degraded' });
      expect(body.items.map(a => `${a.agentId}/${a.name}`)).toEqual([
        'nonprod/checkout-qa',
      ]);
      const healthy = await fleet({ health: 'Healthy' });
      expect(healthy.items.length).toBeGreaterThan(0);
      expect(healthy.items.every(a => a.health.status === 'Healthy')).toBe(
        true,
      );
      expect(healthy.items.map(a => a.name)).not.toContain('checkout-qa');
    });

    it('filters by sync status', async () => {
      const synced = await fleet({ sync: 'Synced' });
      expect(synced.items.length).toBeGreaterThan(0);
      expect(synced.items.every(a => a.sync.status === 'Synced')).toBe(true);
      const unknownOnly = await fleet({ sync: 'Unknown', agent: 'nonprod' });
      expect(unknownOnly.items).toEqual([]);
    });

    it('rejects filter values outside the model with 400', async () => {
      const res = await env
        .api()
        .get('/api/gitops/fleet/applications')
        .query({ health: 'Sick' })
        .set('Authorization', env.auth);
      expect(res.status).toBe(400);
    });

    it('names each parameter outside the spec’s limits, and one it does not know', async () => {
      const read = (query: string) =>
        env
          .api()
          .get(`/api/gitops/fleet/applications?${query}`)
          .set('Authorization', env.auth);
      const tooFew = await read('limit=0');
      expect(tooFew.status).toBe(400);
      expect(tooFew.body.error.message).toBe(
        'request/query/limit must be >= 1',
      );
      const notANumber = await read('limit=x');
      expect(notANumber.status).toBe(400);
      expect(notANumber.body.error.message).toMatch(/limit must be integer/);
      const forged = await read('cursor=not-a-cursor');
      expect(forged.status).toBe(400);
      expect(forged.body.error.message).toBe(
        "cursor 'not-a-cursor' is not one this API gave: pass the nextCursor of the previous page as it is",
      );
      const unknown = await read('limt=5');
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toBe("Unknown query parameter 'limt'");
    });

    it('takes repeated and comma-separated lists alike, and pages by cursor in one stable order', async () => {
      const page = async (cursor?: string) => {
        const res = await env
          .api()
          .get('/api/gitops/fleet/applications')
          .query({
            agent: ['prod', 'nonprod, hx'],
            limit: 3,
            ...(cursor && { cursor }),
          })
          .set('Authorization', env.auth);
        expect(res.status).toBe(200);
        return res.body;
      };
      const first = await page();
      expect(first).toMatchObject({ total: 8, truncated: true });
      expect(first.items).toHaveLength(3);
      const keys: string[] = [];
      let body = first;
      for (;;) {
        keys.push(...body.items.map((app: { key: string }) => app.key));
        if (!body.nextCursor) break;
        body = await page(body.nextCursor);
      }
      // every application once, by agent id and then by key
      const order = (app: { agentId: string; key: string }) =>
        `${app.agentId}\u0000${app.key}`;
      const all = await page();
      expect(keys).toHaveLength(8);
      expect(new Set(keys).size).toBe(8);
      expect(all.items.map(order)).toEqual([...all.items.map(order)].sort());
      expect(body.truncated).toBe(false);
      expect(body.nextCursor).toBeUndefined();
    });
  });
});
