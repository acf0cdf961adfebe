import { mockCredentials } from '@backstage/backend-test-utils';
import { waitFor } from '../testUtils';
import {
  PAYMENTS_PROD as target,
  RUN_ACTION,
  TERMINATE,
  useActionsFleet,
} from '../testUtils/actionsFleet';

jest.setTimeout(60_000);

/*
 * The terminate and resource-action actions over the actions registry: the
 * same service calls as their routes, so the same checks, the same agent
 * state and the same audit rows under the caller.
 */
describe('gitops actions: terminate-operation and run-resource-action', () => {
  const { env, invoke } = useActionsFleet();

  afterEach(() => {
    env.denied.clear();
    env.sandbox.holdOperations('prod', 'payments-prod', { hold: false });
  });

  async function deployment() {
    const res = await env.agentFetch(
      'prod',
      '/api/v1/applications/payments-prod/resource-tree',
    );
    const nodes = (await res.json()).nodes as any[];
    return {
      deployment: nodes.find(n => n.kind === 'Deployment'),
      replicaSet: nodes.find(n => n.kind === 'ReplicaSet'),
    };
  }

  it('terminate-operation stops the running sync, audited under the caller', async () => {
    env.sandbox.holdOperations('prod', 'payments-prod', { sync: true });
    const alice = mockCredentials.user('user:default/alice');
    const { output } = await env.actionsService.invoke({
      id: TERMINATE,
      input: target,
      credentials: alice,
    });
    const { auditId } = output as { auditId: string };
    await waitFor('the sync to end terminated', async () => {
      const state = (await env.rawApplication('prod', 'payments-prod')).status
        .operationState;
      return state.phase === 'Failed' &&
        state.message === 'Operation terminated'
        ? state
        : undefined;
    });
    const audit = await env
      .api()
      .get('/api/gitops/audit')
      .set('Authorization', env.auth);
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({
        id: auditId,
        actor: 'user:default/alice',
        action: 'terminate',
        outcome: 'succeeded',
      }),
    );
  });

  it('terminate-operation answers 409 when nothing runs', async () => {
    const res = await invoke(TERMINATE, target);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(
      /^No operation is running on payments-prod, so there is nothing to terminate/,
    );
  });

  it('run-resource-action restarts the Deployment: a new ReplicaSet', async () => {
    const before = await deployment();
    const d = before.deployment;
    const res = await invoke(RUN_ACTION, {
      ...target,
      resource: {
        kind: 'Deployment',
        group: 'apps',
        version: 'v1',
        namespace: d.namespace,
        name: d.name,
      },
      action: 'restart',
    });
    expect(res.status).toBe(200);
    expect(res.body.output.auditId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await deployment()).replicaSet.name).not.toBe(
      before.replicaSet.name,
    );
  });

  it('run-resource-action refuses an action the resource does not offer, and one without permission', async () => {
    const { deployment: d } = await deployment();
    const input = {
      ...target,
      resource: {
        kind: 'Deployment',
        group: 'apps',
        namespace: d.namespace,
        name: d.name,
      },
    };
    const unknown = await invoke(RUN_ACTION, { ...input, action: 'explode' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(
      `Deployment ${d.namespace}/${d.name} has no action 'explode'; it offers pause, restart, resume`,
    );
    // the spec's body is the action's input: a resource without its name
    // is refused by the registry, naming the field, before any read
    const nameless = await invoke(RUN_ACTION, {
      ...input,
      resource: { kind: 'Deployment' },
      action: 'restart',
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.message).toMatch(
      /^Invalid input to action "gitops:run-resource-action"; caused by /,
    );
    expect(nameless.body.error.message).toMatch(
      /"path": \[\s*"resource",\s*"name"\s*\]/,
    );
    env.denied.add('gitops.application.action');
    const denied = await invoke(RUN_ACTION, { ...input, action: 'restart' });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain('gitops.application.action');
  });
});
