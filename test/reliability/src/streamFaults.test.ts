import { shopApplicationSet } from '@gitops-suite/plugin-gitops-backend/testUtils';
import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import { sandboxControl } from './support/sandboxControl';

/*
 * Faults of an agent's watch stream, which keeps the backend's fleet state
 * current: the stream is cut, sends a malformed line or an error line, or
 * stalls (stays open, sends nothing). The state resyncs from a fresh list;
 * while the feed is down the agent is marked stale (and reported as
 * failing); and an application the agent deleted meanwhile is never served
 * once the agent is fresh again, nor after more than one resync. The same
 * holds for a Harness agent's AgentApplicationServiceWatch, which resumes
 * from its list's resourceVersion as the SDK sends it.
 */

jest.setTimeout(120_000);

const AGENT = 'nonprod';

/** Generates `ledger-dev` and `ledger-qa`, which the `payments` entity selects. */
const ledger = shopApplicationSet('ledger', {
  service: 'payments',
  environments: ['dev', 'qa'],
});

type Answer = {
  ledger: boolean;
  stale: boolean;
  errors: Array<{ agentId: string; message: string }>;
};

describe('watch-stream faults', () => {
  let backend: ReliabilityBackend;
  const counts = { answers: 0 };
  let deleted = false;
  /** Whether the fault is one the feed notices (not a silent stall). */
  let noticed = true;
  /** Answers that called the agent fresh while showing what it deleted. */
  const violations: Answer[] = [];

  beforeAll(async () => {
    backend = await startReliabilityBackend({
      // a planned resync every 2 s bounds a silent stall
      gitops: { fleet: { resyncIntervalSeconds: 2 } },
    });
  });

  afterAll(async () => {
    await backend?.stop();
    // eslint-disable-next-line no-console
    console.log(`stream faults: ${counts.answers} answers checked`);
  });

  /** The payments entity's answer, as far as the faulty agent goes. */
  async function read(): Promise<Answer> {
    const res = await backend
      .api()
      .get('/api/gitops/entity/default/component/payments/applications')
      .set('Authorization', backend.userHeader());
    expect(res.status).toBe(200);
    const names: string[] = res.body.environments.flatMap(
      (env: { applications: Array<{ agentId: string; name: string }> }) =>
        env.applications
          .filter(app => app.agentId === AGENT)
          .map(app => app.name),
    );
    const freshness = res.body.freshness.find(
      (f: { agentId: string }) => f.agentId === AGENT,
    );
    const answer = {
      ledger: names.includes('ledger-dev'),
      stale: freshness.stale,
      errors: res.body.errors.filter(
        (e: { agentId: string }) => e.agentId === AGENT,
      ),
    };
    counts.answers += 1;
    // once the feed noticed (a cut or a malformed line), every answer that
    // calls the agent fresh is without what it deleted
    if (!answer.stale && deleted && noticed && answer.ledger) {
      violations.push(answer);
    }
    return answer;
  }

  /** Reads until `done` holds; every answer on the way is checked too. */
  async function until(done: (a: Answer) => boolean): Promise<Answer> {
    for (;;) {
      const answer = await read();
      if (done(answer)) return answer;
      await new Promise(r => setTimeout(r, 100));
    }
  }

  const agentCall = (method: string, path: string, body?: unknown) => {
    const agent = backend.sandbox.agent(AGENT);
    return fetch(`${agent.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${agent.token}`,
        'content-type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(res => expect(res.status).toBe(200));
  };
  const createLedger = async () => {
    deleted = false;
    await agentCall('POST', '/api/v1/applicationsets', ledger);
    await until(a => a.ledger && !a.stale);
  };
  const deleteLedger = async () => {
    await agentCall('DELETE', '/api/v1/applicationsets/ledger');
    deleted = true;
  };
  /** The feed's full lists of the agent's applications (resyncs) since `mark`. */
  const resyncsSince = (mark: number) =>
    backend.tap.feed
      .slice(mark)
      .filter(r =>
        new URL(r.url, 'http://x').pathname.endsWith(
          `/agents/${AGENT}/api/v1/applications`,
        ),
      ).length;

  /** Applies a fault to the agent's open streams, once one is open. */
  const streamFault = async (action: 'cut' | 'malformed' | 'stall') => {
    for (;;) {
      const hit = await sandboxControl(backend.sandbox, AGENT, 'streams', {
        action,
      });
      if (hit.streams > 0) return;
      // between a resync's list and its watch: no stream open yet
      await new Promise(r => setTimeout(r, 50));
    }
  };

  afterEach(() => backend.sandbox.setFaults(AGENT, {}));

  it.each(['cut', 'malformed'] as const)(
    '%s: stale while the agent cannot be watched, then resynced without what it deleted meanwhile',
    async action => {
      await createLedger();
      noticed = true;
      // the stream breaks, and reconnecting fails for a while
      await streamFault(action);
      backend.sandbox.setFaults(AGENT, {
        errorRate: 1,
        errorStatuses: [500],
        methods: ['GET'],
      });
      const stale = await until(a => a.stale);
      // served from the last state, and reported the way a failed agent is
      expect(stale.errors).toEqual([
        expect.objectContaining({
          agentId: AGENT,
          message: expect.stringContaining('showing its state as of'),
        }),
      ]);
      await deleteLedger();
      expect((await read()).stale).toBe(true);

      const mark = backend.tap.feed.length;
      backend.sandbox.setFaults(AGENT, {});
      const fresh = await until(a => !a.stale);
      expect(fresh.ledger).toBe(false);
      expect(fresh.errors).toEqual([]);
      expect(resyncsSince(mark)).toBeGreaterThanOrEqual(1);
      expect(violations).toEqual([]);
    },
  );

  it('stall: a stream that goes silent is replaced at the next resync, which drops what the agent deleted', async () => {
    await createLedger();
    noticed = false;
    await streamFault('stall');
    const mark = backend.tap.feed.length;
    await deleteLedger();
    await until(a => !a.ledger);
    // gone with the first resync after the deletion, not later
    expect(resyncsSince(mark)).toBe(1);
  });

  describe('a Harness agent (AgentApplicationServiceWatch)', () => {
    const HX = 'hx';
    const STREAM = '/gitops/api/v1/agents/hxagent/stream/applications';
    const LIST = '/gitops/api/v1/agents/hxagent/applications';

    type RiskAnswer = { sync?: string; stale: boolean; errors: unknown[] };

    /** The risk entity's answer: risk-prod's sync status and hx's freshness. */
    async function readRisk(): Promise<RiskAnswer> {
      const res = await backend
        .api()
        .get('/api/gitops/entity/default/component/risk/applications')
        .set('Authorization', backend.userHeader());
      expect(res.status).toBe(200);
      const prod = res.body.environments
        .flatMap(
          (env: {
            applications: Array<{
              agentId: string;
              name: string;
              sync: { status: string };
            }>;
          }) => env.applications,
        )
        .find(
          (app: { agentId: string; name: string }) =>
            app.agentId === HX && app.name === 'risk-prod',
        );
      counts.answers += 1;
      return {
        sync: prod?.sync.status,
        stale: res.body.freshness.find(
          (f: { agentId: string }) => f.agentId === HX,
        ).stale,
        errors: res.body.errors.filter(
          (e: { agentId: string }) => e.agentId === HX,
        ),
      };
    }

    async function untilRisk(
      done: (a: RiskAnswer) => boolean,
    ): Promise<RiskAnswer> {
      for (;;) {
        const answer = await readRisk();
        if (done(answer)) return answer;
        await new Promise(r => setTimeout(r, 100));
      }
    }

    /** The feed's requests to hx's `path` since `mark`. */
    const feedTo = (path: string, mark = 0) =>
      backend.tap.feed
        .slice(mark)
        .map(r => new URL(r.url, 'http://x'))
        .filter(url => url.pathname.endsWith(`/agents/${HX}${path}`));

    const hxStreamFault = async (action: 'cut' | 'error' | 'stall') => {
      for (;;) {
        const hit = await sandboxControl(backend.sandbox, HX, 'streams', {
          action,
        });
        if (hit.streams > 0) return;
        await new Promise(r => setTimeout(r, 50));
      }
    };

    afterEach(async () => {
      backend.sandbox.setFaults(HX, {});
      await sandboxControl(backend.sandbox, HX, 'reset', {});
    });

    it.each(['cut', 'error'] as const)(
      '%s: stale while the agent cannot be watched, then resynced with the change it missed',
      async action => {
        await untilRisk(a => a.sync === 'Synced' && !a.stale);
        await hxStreamFault(action);
        backend.sandbox.setFaults(HX, {
          errorRate: 1,
          errorStatuses: [500],
          methods: ['GET'],
        });
        const stale = await untilRisk(a => a.stale);
        expect(stale.errors).toEqual([
          expect.objectContaining({
            agentId: HX,
            message: expect.stringContaining('showing its state as of'),
          }),
        ]);
        // a change the agent makes while it cannot be watched
        await sandboxControl(backend.sandbox, HX, 'drift', {
          application: 'risk-prod',
        });
        expect((await readRisk()).sync).toBe('Synced');

        const mark = backend.tap.feed.length;
        backend.sandbox.setFaults(HX, {});
        const fresh = await untilRisk(a => !a.stale);
        expect(fresh.sync).toBe('OutOfSync');
        expect(fresh.errors).toEqual([]);
        expect(feedTo(LIST, mark).length).toBeGreaterThanOrEqual(1);
      },
    );

    it('follows changes on the open stream, each watch resumed from its list as the SDK sends it', async () => {
      // a planned resync (every 2 s) may fall between the change and its
      // arrival: that round proves nothing about the stream, and runs again
      let onStream = false;
      for (let round = 0; round < 5 && !onStream; round++) {
        await sandboxControl(backend.sandbox, HX, 'reset', {});
        await untilRisk(a => a.sync === 'Synced' && !a.stale);
        const mark = backend.tap.feed.length;
        await sandboxControl(backend.sandbox, HX, 'drift', {
          application: 'risk-prod',
        });
        await untilRisk(a => a.sync === 'OutOfSync');
        onStream = feedTo(LIST, mark).length === 0;
      }
      expect(onStream).toBe(true);
      const opens = feedTo(STREAM);
      expect(opens.length).toBeGreaterThan(0);
      for (const url of opens) {
        expect(url.searchParams.get('query.resourceVersion')).toMatch(/^\d+$/);
        expect(url.searchParams.get('query.name')).toBe('');
        expect(url.searchParams.get('accountIdentifier')).toBeTruthy();
        expect(url.searchParams.get('routingId')).toBeTruthy();
        expect(url.searchParams.has('fields')).toBe(false);
      }
    });

    it('stall: a silent stream is replaced at the next resync, which brings the change it did not send', async () => {
      await untilRisk(a => a.sync === 'Synced' && !a.stale);
      await hxStreamFault('stall');
      const mark = backend.tap.feed.length;
      await sandboxControl(backend.sandbox, HX, 'drift', {
        application: 'risk-prod',
      });
      await untilRisk(a => a.sync === 'OutOfSync');
      expect(feedTo(LIST, mark)).toHaveLength(1);
    });
  });
});
