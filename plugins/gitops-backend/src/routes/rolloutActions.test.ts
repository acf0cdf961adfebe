import { canaryRolloutSummary } from '@gitops-suite/plugin-gitops-common/testUtils';
import { waitFor } from '../testUtils';
import { auditRows } from '../testUtils/auditLog';
import { succeededResourceActionRow } from '../testUtils/auditedSync';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';

jest.setTimeout(60_000);

/*
 * An Argo Rollouts canary through the routes, on an Argo CD agent and a
 * Harness agent of the real sandbox (Harness's SDK has
 * AgentApplicationServiceListResourceActions and RunResourceAction): the
 * resource tree's Rollout node carries its normalized summary, and promoting
 * it is the `resume` resource action through the resource-action route and
 * its one decision, audited, refused without the permission.
 */

const scenario = shopFleet('gitops-backend-rollout-actions', {
  services: {
    pay: {
      agents: ['nonprod', 'hx'],
      replicas: 4,
      rollout: {
        steps: [
          { setWeight: 20 },
          { pause: {} },
          { setWeight: 50 },
          { pause: {} },
        ],
      },
      overrides: { dev: { rolloutStep: 1 } },
    },
  },
  agents: ['nonprod', 'hx'],
});

const cases = [
  { provider: 'Argo CD', agentId: 'nonprod', app: 'pay-dev' },
  { provider: 'Harness', agentId: 'hx', app: 'pay-dev' },
];

describe.each(cases)('a canary on $provider', c => {
  const env = useShopFleet(scenario);
  const base = `/api/gitops/entity/default/component/pay/applications/${c.agentId}/${c.app}`;
  const resource = {
    group: 'argoproj.io',
    version: 'v1alpha1',
    kind: 'Rollout',
    namespace: 'pay-dev',
    name: 'pay',
  };

  /** The sandbox's control API puts the canary at a step. */
  const putRolloutAt = async (step: number) => {
    const agent = env.sandbox.agent(c.agentId);
    const res = await fetch(`${agent.url}/_sandbox/rollout`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${agent.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ application: c.app, step }),
    });
    expect(res.status).toBe(200);
  };

  afterEach(async () => {
    env.denied.clear();
    // back at the pause step for the next test
    await putRolloutAt(1);
  });

  const rolloutNode = async () => {
    const res = await env
      .api()
      .get(`${base}/resource-tree`)
      .set('Authorization', env.auth);
    expect(res.status).toBe(200);
    return res.body.nodes.find((n: any) => n.kind === 'Rollout');
  };

  const postAction = (action: string) =>
    env
      .api()
      .post(`${base}/resource-actions`)
      .set('Authorization', env.auth)
      .send({ resource, action });

  it('shows the Rollout normalized on its tree node: steps, step, weights, analysis', async () => {
    const node = await rolloutNode();
    expect(node.health).toEqual({
      status: 'Suspended',
      message: 'CanaryPauseStep',
    });
    // the suite's canary at its pause after 20%; this one's last pause has
    // no duration, and its analysis's measurements vary from run to run
    expect(node.rollout).toMatchObject(
      canaryRolloutSummary({
        steps: [
          { kind: 'setWeight', weight: 20 },
          { kind: 'pause' },
          { kind: 'setWeight', weight: 50 },
          { kind: 'pause' },
        ],
        analysis: expect.objectContaining({ phase: 'Running', failed: 0 }),
      }),
    );
    expect(node.rollout.analysis.name).toMatch(/^pay-\w+-3$/);
    const app = await env.api().get(base).set('Authorization', env.auth);
    expect(app.body.application.health.status).toBe('Suspended');
  });

  it('lists the Rollout actions, and promotes it (resume): the next steps, audited', async () => {
    const list = await env
      .api()
      .get(
        `${base}/resource-actions?resourceKind=Rollout&resourceGroup=argoproj.io&resourceVersion=v1alpha1&resourceNamespace=pay-dev&resourceName=pay`,
      )
      .set('Authorization', env.auth);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      { name: 'abort', disabled: false },
      { name: 'promote-full', disabled: false },
      { name: 'restart', displayName: 'Restart Pods', disabled: false },
      { name: 'resume', disabled: false },
      { name: 'retry', disabled: true },
    ]);

    const run = await postAction('resume');
    expect(run.status).toBe(200);
    await waitFor('the canary paused at 50%', async () => {
      const node = await rolloutNode();
      expect(node.rollout).toMatchObject({
        currentStepIndex: 3,
        actualWeight: 50,
        paused: true,
      });
      return node;
    });
    const [row] = await auditRows(env, { entityRef: 'component:default/pay' });
    expect(row).toMatchObject(
      succeededResourceActionRow(run.body.auditId, resource, 'resume'),
    );
  });

  it('aborts it: weight 0, Degraded; retry is offered then', async () => {
    expect((await postAction('abort')).status).toBe(200);
    const node = await rolloutNode();
    expect(node.health.status).toBe('Degraded');
    expect(node.rollout).toMatchObject({
      aborted: true,
      actualWeight: 0,
      setWeight: 0,
      currentStepIndex: 0,
    });
    // a disabled action is refused before it reaches the agent
    const again = await postAction('abort');
    expect(again.status).toBe(409);
    expect((await postAction('retry')).status).toBe(200);
  });

  it('refuses promotion without gitops.application.action (403), nothing sent', async () => {
    env.denied.add('gitops.application.action');
    const mark = env.agentRequests.length;
    const res = await postAction('resume');
    expect(res.status).toBe(403);
    expect(
      env.agentRequests.slice(mark).filter(r => r.method !== 'GET'),
    ).toEqual([]);
    expect((await rolloutNode()).rollout.currentStepIndex).toBe(1);
  });
});
