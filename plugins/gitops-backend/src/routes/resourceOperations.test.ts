import { waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { succeededResourceActionRow } from '../testUtils/auditedSync';

jest.setTimeout(60_000);

/*
 * Terminating a running operation and resource actions, through the routes,
 * on an Argo CD agent and a Harness agent of the real sandbox: the agent's
 * state changes as it would on Argo CD, each operation is audited, and what
 * is refused is refused before any audit row or agent write, with a clear
 * message.
 */

const scenario = shopFleet('gitops-backend-resource-operations', {
  services: {
    payments: { agents: ['nonprod', 'prod'] },
    risk: { agents: ['hx'] },
  },
  agents: ['nonprod', 'prod', 'hx'],
});

const APPS = '/api/gitops/entity/default/component';
const cases = [
  {
    provider: 'Argo CD',
    agentId: 'prod',
    entity: 'payments',
    app: 'payments-prod',
  },
  { provider: 'Harness', agentId: 'hx', entity: 'risk', app: 'risk-dev' },
];

/** Agent requests that change something. */
const writes = (requests: Array<{ method: string; url: string }>) =>
  requests.filter(
    r =>
      r.method !== 'GET' &&
      !(r.method === 'POST' && /\/applicationsets(\?|$)/.test(r.url)),
  );

describe.each(cases)('operations on a $provider application', c => {
  const env = useShopFleet(scenario);
  const base = `${APPS}/${c.entity}/applications/${c.agentId}/${c.app}`;

  afterEach(() => {
    env.denied.clear();
    env.sandbox.holdOperations(c.agentId, c.app, { hold: false });
  });

  const audit = async () =>
    (
      await env
        .api()
        .get(`/api/gitops/audit?entityRef=component:default/${c.entity}`)
        .set('Authorization', env.auth)
    ).body.items as Array<{ action: string; outcome: string; parameters: any }>;

  /**
   * The probe reaches no agent write; the audit log is as before, or, for a
   * refusal by permission or trust (`refused`), gains that one `refused`
   * row, recorded where the refusal is decided.
   */
  async function refusedWithoutEffects<T>(
    probe: () => Promise<T>,
    refused?: { action: string; message: string },
  ) {
    const before = await audit();
    const mark = env.agentRequests.length;
    const result = await probe();
    expect(writes(env.agentRequests.slice(mark))).toEqual([]);
    const after = await audit();
    if (refused) {
      expect(after.slice(1)).toEqual(before);
      expect(after[0]).toMatchObject({ ...refused, outcome: 'refused' });
    } else {
      expect(after).toEqual(before);
    }
    return result;
  }

  const operationState = async () =>
    (await env.api().get(base).set('Authorization', env.auth)).body.application
      .operation;

  /** The Deployment of the application and its ReplicaSet, from the tree. */
  const workload = async () => {
    const { nodes } = (
      await env
        .api()
        .get(`${base}/resource-tree`)
        .set('Authorization', env.auth)
    ).body;
    return {
      deployment: nodes.find((n: any) => n.kind === 'Deployment'),
      replicaSet: nodes.find((n: any) => n.kind === 'ReplicaSet'),
    };
  };

  /** The ref of a Deployment node of the tree. */
  const deploymentRef = (d: { namespace: string; name: string }) => ({
    group: 'apps',
    version: 'v1',
    kind: 'Deployment',
    namespace: d.namespace,
    name: d.name,
  });

  /** Asks the route to run `action` on `resource`. */
  const postAction = (resource: object, action: string) =>
    env
      .api()
      .post(`${base}/resource-actions`)
      .set('Authorization', env.auth)
      .send({ resource, action });

  describe('terminate', () => {
    it('stops the running operation, audited', async () => {
      env.sandbox.holdOperations(c.agentId, c.app, { sync: true });
      expect((await operationState()).phase).toBe('Running');

      const res = await env
        .api()
        .post(`${base}/terminate`)
        .set('Authorization', env.auth)
        .send({});
      expect(res.status).toBe(200);
      // Terminating, or already ended: the controller acts within a moment
      expect(['Terminating', 'Failed']).toContain(
        res.body.application.operation.phase,
      );
      const stopped = await waitFor('the operation to end', async () => {
        const op = await operationState();
        return op.phase === 'Failed' ? op : undefined;
      });
      expect(stopped.message).toBe('Operation terminated');
      const [row] = await audit();
      expect(row).toMatchObject({
        id: res.body.auditId,
        action: 'terminate',
        outcome: 'succeeded',
      });
    });

    it('refuses a caller without gitops.application.terminate (403)', async () => {
      env.sandbox.holdOperations(c.agentId, c.app, { sync: true });
      env.denied.add('gitops.application.terminate');
      const res = await refusedWithoutEffects(
        () =>
          env.api().post(`${base}/terminate`).set('Authorization', env.auth),
        {
          action: 'terminate',
          message: `Not allowed: gitops.application.terminate on component:default/${c.entity}`,
        },
      );
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        `Not allowed: gitops.application.terminate on component:default/${c.entity}`,
      );
      expect((await operationState()).phase).toBe('Running');
    });

    it('answers 409 when nothing is running', async () => {
      const res = await refusedWithoutEffects(() =>
        env.api().post(`${base}/terminate`).set('Authorization', env.auth),
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(
        new RegExp(
          `^No operation is running on ${c.app}, so there is nothing to terminate`,
        ),
      );
    });
  });

  describe('resource actions', () => {
    it("lists the Deployment's actions, and restarts it: a new ReplicaSet revision, audited", async () => {
      const before = await workload();
      const d = before.deployment;
      const list = await env
        .api()
        .get(
          `${base}/resource-actions?resourceKind=Deployment&resourceGroup=apps&resourceVersion=v1&resourceNamespace=${d.namespace}&resourceName=${d.name}`,
        )
        .set('Authorization', env.auth);
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([
        { name: 'pause', disabled: false },
        { name: 'restart', disabled: false },
        { name: 'resume', disabled: true },
      ]);

      const resource = deploymentRef(d);
      const run = await postAction(resource, 'restart');
      expect(run.status).toBe(200);
      const after = await workload();
      expect(after.replicaSet.name).not.toBe(before.replicaSet.name);
      const revision = (rs: any) =>
        Number(
          /Rev:(\d+)/.exec(
            rs.info.find((i: any) => i.name === 'Revision').value,
          )![1],
        );
      expect(revision(after.replicaSet)).toBe(revision(before.replicaSet) + 1);
      const [row] = await audit();
      expect(row).toMatchObject(
        succeededResourceActionRow(run.body.auditId, resource, 'restart'),
      );
    });

    it('refuses an action the resource does not offer (400), naming the ones it does', async () => {
      const { deployment: d } = await workload();
      const res = await refusedWithoutEffects(() =>
        postAction(deploymentRef(d), 'explode'),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        `Deployment ${d.namespace}/${d.name} has no action 'explode'; it offers pause, restart, resume`,
      );
    });

    it('refuses a disabled action (409)', async () => {
      const { deployment: d } = await workload();
      const res = await refusedWithoutEffects(() =>
        postAction(deploymentRef(d), 'resume'),
      );
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(
        `The action 'resume' of Deployment ${d.namespace}/${d.name} is disabled now`,
      );
    });

    it('refuses a caller without gitops.application.action (403)', async () => {
      const { deployment: d } = await workload();
      env.denied.add('gitops.application.action');
      const res = await refusedWithoutEffects(
        () => postAction(deploymentRef(d), 'restart'),
        {
          action: 'resource.action',
          message: `Not allowed: gitops.application.action on component:default/${c.entity}`,
        },
      );
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        `Not allowed: gitops.application.action on component:default/${c.entity}`,
      );
    });

    it('answers 404 for a resource the application does not have, before asking the agent', async () => {
      const mark = env.agentRequests.length;
      const res = await env
        .api()
        .get(
          `${base}/resource-actions?resourceKind=Deployment&resourceGroup=apps&resourceName=ghost`,
        )
        .set('Authorization', env.auth);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(
        `Application ${c.app} on agent ${c.agentId} has no resource apps/Deployment ghost`,
      );
      expect(
        env.agentRequests
          .slice(mark)
          .filter(r => r.url.includes('/resource/actions')),
      ).toEqual([]);
    });

    it('refuses an action on a resource outside the application (404), before asking the agent', async () => {
      const { deployment: d } = await workload();
      const outside = [
        // another namespace, another group, another name: not this app's
        { ...deploymentRef(d), namespace: 'kube-system' },
        { ...deploymentRef(d), group: 'extensions' },
        { ...deploymentRef(d), name: `${d.name}-other` },
      ];
      for (const resource of outside) {
        const mark = env.agentRequests.length;
        const res = await refusedWithoutEffects(() =>
          postAction(resource, 'restart'),
        );
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe(
          `Application ${c.app} on agent ${c.agentId} has no resource ${resource.group}/Deployment ${resource.namespace}/${resource.name}`,
        );
        // not even the list of its actions was asked for
        expect(
          env.agentRequests
            .slice(mark)
            .filter(r => r.url.includes('/resource/actions')),
        ).toEqual([]);
      }
    });
  });
});
