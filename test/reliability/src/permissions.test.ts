import { mockCredentials } from '@backstage/backend-test-utils';
import {
  ReliabilityBackend,
  startReliabilityBackend,
} from './support/startReliabilityBackend';
import {
  AGENT_TOKENS,
  fleetApplications,
  fleetEntities,
} from './support/fleetScenario';
import { rawApplication } from './support/sandboxControl';
import { MEMBERSHIP, ownerPolicy } from './support/ownerPolicy';
import {
  applicationPath,
  FLEET_READS,
  PAYMENTS_READS,
} from './support/readRoutes';

/*
 * Permissions: anonymous and badly authenticated calls, operations by
 * non-owners, and forged entity refs (an entity the caller owns naming an
 * application it does not select). The permission service answers with an
 * owner policy (operations only on entities the user's groups own), so the
 * plugin must ask about the right entity and honour the answer. Zero may
 * pass; a positive control shows owners do get through.
 */

const OPERATIONS = ['sync', 'rollback', 'refresh'] as const;

const BODIES: Record<string, object> = {
  sync: { prune: false },
  rollback: { id: 1 },
  refresh: {},
};
const bodyOf = (op: string) => BODIES[op];

describe('permissions', () => {
  let env: ReliabilityBackend;
  const counts = { unauthenticated: 0, nonOwner: 0, forged: 0, passed: 0 };
  const passed: string[] = [];
  const asked: string[] = [];

  beforeAll(async () => {
    env = await startReliabilityBackend({ authorize: ownerPolicy(asked) });
  });

  afterAll(async () => {
    await env?.stop();
    const total = counts.unauthenticated + counts.nonOwner + counts.forged;
    // eslint-disable-next-line no-console
    console.log(
      `permissions: ${counts.unauthenticated} unauthenticated calls, ${counts.nonOwner} non-owner operations, ${counts.forged} forged entity refs (${total} attempts): ${counts.passed} passed`,
    );
  });

  /** Whether an attempt got through: a 2xx, or a write reaching an agent. */
  async function attempt(
    kind: keyof typeof counts,
    method: 'get' | 'post',
    path: string,
    authorization: string | undefined,
    body?: object,
  ): Promise<number> {
    const mark = env.tap.seen.length;
    let req =
      method === 'post'
        ? env
            .api()
            .post(path)
            .send(body ?? {})
        : env.api().get(path);
    if (authorization !== undefined)
      req = req.set('Authorization', authorization);
    const res = await req;
    counts[kind] += 1;
    const writes = env.agentRequests
      .slice(mark)
      .filter(r => r.method !== 'GET');
    if ((res.status >= 200 && res.status < 300) || writes.length) {
      counts.passed += 1;
      passed.push(
        `${kind}: ${method} ${path} (${authorization?.slice(0, 30)}) -> ${
          res.status
        }, agent writes ${writes.length}`,
      );
    }
    return res.status;
  }

  it('refuses every unauthenticated or badly authenticated call with 401', async () => {
    const reads = [
      ...FLEET_READS,
      ...PAYMENTS_READS,
      applicationPath('payments', 'nonprod', 'payments-dev'),
      `${applicationPath('payments', 'nonprod', 'payments-dev')}/diff`,
      `${applicationPath('payments', 'nonprod', 'payments-dev')}/resource-tree`,
      '/api/gitops/proxy/nonprod/api/v1/applications',
      '/api/gitops/proxy/hx/gitops/api/v1/agents/hxagent/repositories',
    ];
    const writes = [
      ...OPERATIONS.map(
        op =>
          [
            `${applicationPath('payments', 'prod', 'payments-prod')}/${op}`,
            bodyOf(op),
          ] as const,
      ),
      ...OPERATIONS.map(
        op =>
          [
            `${applicationPath('risk', 'hx', 'risk-dev')}/${op}`,
            bodyOf(op),
          ] as const,
      ),
      ['/api/gitops/agents/nonprod/applicationsets', { name: 'x' }] as const,
    ];
    const badAuth: Array<string | undefined> = [
      undefined,
      mockCredentials.none.header(),
      mockCredentials.user.invalidHeader(),
      'Bearer ',
      'Basic YWRtaW46YWRtaW4=',
      `Bearer ${AGENT_TOKENS.nonprod}`,
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1c2VyOmRlZmF1bHQvYWxpY2UifQ.',
    ];
    const statuses = new Set<number>();
    for (const authorization of badAuth) {
      for (const path of reads) {
        statuses.add(
          await attempt('unauthenticated', 'get', path, authorization),
        );
      }
      for (const [path, body] of writes) {
        statuses.add(
          await attempt('unauthenticated', 'post', path, authorization, body),
        );
      }
    }
    expect(passed).toEqual([]);
    expect([...statuses]).toEqual([401]);
  });

  it('refuses operations by anyone who does not own the entity', async () => {
    const nonOwners: Array<[string, string]> = [];
    for (const app of fleetApplications) {
      const owner = String(
        fleetEntities.find(e => e.metadata.name === app.entity)!.spec!.owner,
      );
      for (const user of Object.keys(MEMBERSHIP)) {
        if (!MEMBERSHIP[user].includes(owner))
          nonOwners.push([
            user,
            `${applicationPath(app.entity, app.agent, app.name)}`,
          ]);
      }
      nonOwners.push([
        'service',
        applicationPath(app.entity, app.agent, app.name),
      ]);
    }
    const before = await Promise.all(
      fleetApplications.map(a => rawApplication(env.sandbox, a.agent, a.name)),
    );
    for (const [user, path] of nonOwners) {
      const authorization =
        user === 'service'
          ? mockCredentials.service.header()
          : mockCredentials.user.header(user);
      for (const op of OPERATIONS) {
        const status = await attempt(
          'nonOwner',
          'post',
          `${path}/${op}`,
          authorization,
          bodyOf(op),
        );
        expect(status).toBe(403);
      }
    }
    expect(passed).toEqual([]);
    // the agents' applications did not change: no operation, no history entry
    const after = await Promise.all(
      fleetApplications.map(a => rawApplication(env.sandbox, a.agent, a.name)),
    );
    const history = (raw: any) =>
      JSON.stringify(raw.status?.history ?? raw.app?.status?.history ?? null) +
      JSON.stringify(
        raw.status?.operationState ?? raw.app?.status?.operationState ?? null,
      );
    expect(after.map(history)).toEqual(before.map(history));
    expect(before.map(history).filter(h => h === 'nullnull')).toEqual([]);
    // the plugin asked about the entity named in the route, every time
    expect(
      asked.every(q => /component:default\/(payments|checkout|risk)$/.test(q)),
    ).toBe(true);
  });

  it('refuses forged entity refs: an owned entity naming an application it does not select', async () => {
    const alice = mockCredentials.user.header('user:default/alice');
    const bob = mockCredentials.user.header('user:default/bob');
    const forged: Array<[string, string]> = [];
    // bob owns checkout: reach payments and risk through it
    for (const app of fleetApplications.filter(a => a.entity !== 'checkout')) {
      forged.push([bob, applicationPath('checkout', app.agent, app.name)]);
      forged.push([
        bob,
        `${applicationPath(
          'checkout',
          app.agent,
          app.name,
        )}?appNamespace=argocd`,
      ]);
    }
    // alice owns payments and risk: reach checkout through them, or through other spellings
    for (const app of fleetApplications.filter(a => a.entity === 'checkout')) {
      for (const entity of ['payments', 'risk', 'plain', 'nope']) {
        forged.push([alice, applicationPath(entity, app.agent, app.name)]);
      }
      forged.push([
        alice,
        `/api/gitops/entity/default/Component/payments/applications/${app.agent}/${app.name}`,
      ]);
      forged.push([
        alice,
        `/api/gitops/entity/default/component/payments%2F..%2Fcheckout/applications/${app.agent}/${app.name}`,
      ]);
      forged.push([
        alice,
        `/api/gitops/entity/default/component/component%3Adefault%2Fcheckout/applications/${app.agent}/${app.name}`,
      ]);
      forged.push([
        alice,
        `/api/gitops/entity/other/component/checkout/applications/${app.agent}/${app.name}`,
      ]);
      forged.push([
        alice,
        `/api/gitops/entity/default/group/team-a/applications/${app.agent}/${app.name}`,
      ]);
    }
    // right app name, wrong agent: an agent the entity's apps are not on
    forged.push([alice, applicationPath('payments', 'hx', 'payments-dev')]);
    forged.push([alice, applicationPath('payments', 'prod', 'payments-dev')]);
    forged.push([bob, applicationPath('checkout', 'hx', 'risk-dev')]);
    forged.push([
      bob,
      applicationPath('checkout', 'nonprod%2F..%2Fprod', 'payments-prod'),
    ]);
    for (const [authorization, path] of forged) {
      for (const op of OPERATIONS) {
        const status = await attempt(
          'forged',
          'post',
          `${path.replace(/\?.*$/, '')}/${op}${
            path.includes('?') ? path.slice(path.indexOf('?')) : ''
          }`,
          authorization,
          bodyOf(op),
        );
        expect([400, 403, 404]).toContain(status);
      }
    }
    expect(passed).toEqual([]);
  });

  it('lets owners through (the policy is not deny-all)', async () => {
    const alice = mockCredentials.user.header('user:default/alice');
    const res = await env
      .api()
      .post(`${applicationPath('payments', 'nonprod', 'payments-dev')}/refresh`)
      .set('Authorization', alice)
      .send({});
    expect(res.status).toBe(200);
    const bob = mockCredentials.user.header('user:default/bob');
    const sync = await env
      .api()
      .post(`${applicationPath('checkout', 'nonprod', 'checkout-dev')}/sync`)
      .set('Authorization', bob)
      .send({});
    expect(sync.status).toBe(200);
  });
});
