import { mockCredentials } from '@backstage/backend-test-utils';
import {
  gitopsApplicationReadPermission,
  gitopsFleetReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import {
  ACTIONS,
  ALL_ACTIONS,
  GET_RESOURCE,
  GET_STATUS,
  LIST_DEGRADED,
  PAYMENTS_PROD,
  REFRESH,
  SYNC,
  TERMINATE,
  RUN_ACTION,
  useActionsFleet,
} from '../testUtils/actionsFleet';

jest.setTimeout(60_000);

/*
 * The GitOps actions as automation and AI assistants use them: the real
 * plugin in a test backend with Backstage's real actions registry, invoked
 * over its HTTP API and through the actions service, reading from sandbox
 * agents over real HTTP.
 */
describe('gitops actions: the registry and the read actions', () => {
  const { env, invoke } = useActionsFleet();

  describe('registry', () => {
    it('lists the seven GitOps actions with described schemas and honest attributes', async () => {
      const res = await env.api().get(ACTIONS).set('Authorization', env.auth);
      expect(res.status).toBe(200);
      const byId = new Map<string, any>(
        res.body.actions.map((a: { id: string }) => [a.id, a]),
      );
      expect([...byId.keys()].sort()).toEqual([...ALL_ACTIONS].sort());
      expect(byId.get(GET_STATUS).attributes).toEqual({
        readOnly: true,
        destructive: false,
        idempotent: true,
      });
      expect(byId.get(LIST_DEGRADED).attributes.readOnly).toBe(true);
      expect(byId.get(GET_RESOURCE).attributes).toEqual({
        readOnly: true,
        destructive: false,
        idempotent: true,
      });
      expect(byId.get(REFRESH).attributes).toMatchObject({
        readOnly: false,
        destructive: false,
      });
      for (const id of [SYNC, TERMINATE, RUN_ACTION]) {
        expect(byId.get(id).attributes).toMatchObject({
          readOnly: false,
          destructive: true,
        });
      }
      for (const action of byId.values()) {
        expect(action.pluginId).toBe('gitops');
        expect(action.description.length).toBeGreaterThan(100);
        for (const [field, schema] of Object.entries<any>(
          action.schema.input.properties,
        )) {
          expect([field, typeof schema.description]).toEqual([field, 'string']);
        }
      }
      expect(byId.get(SYNC).schema.input.required).toEqual(
        expect.arrayContaining(['entityRef', 'agentId', 'application']),
      );
    });

    it('is listed to an assistant backend through the actions service', async () => {
      const { actions } = await env.actionsService.list({
        credentials: mockCredentials.user(),
      });
      expect(actions.map(a => a.id).sort()).toEqual([...ALL_ACTIONS].sort());
    });

    it('refuses anonymous callers before anything runs', async () => {
      const res = await env
        .api()
        .post(`${ACTIONS}/${GET_STATUS}/invoke`)
        .send({ entityRef: 'component:default/payments' });
      expect(res.status).toBe(401);
    });
  });

  describe('get-entity-gitops-status', () => {
    it('returns the entity’s environments in promotion order with the revisions the agents report', async () => {
      const res = await invoke(GET_STATUS, {
        entityRef: 'component:default/payments',
      });
      expect(res.status).toBe(200);
      const { output } = res.body;
      expect(output.entityRef).toBe('component:default/payments');
      expect(output.errors).toEqual([]);
      expect(output.environments.map((e: { name: string }) => e.name)).toEqual([
        'dev',
        'qa',
        'prod',
      ]);
      expect(
        output.environments.map((e: { production: boolean }) => e.production),
      ).toEqual([false, false, true]);

      const expected: Array<[string, string, string]> = [
        ['dev', 'nonprod', 'payments-dev'],
        ['qa', 'nonprod', 'payments-qa'],
        ['prod', 'prod', 'payments-prod'],
      ];
      for (const [environment, agentId, name] of expected) {
        const group = output.environments.find(
          (e: { name: string }) => e.name === environment,
        );
        expect(group.applications).toHaveLength(1);
        const [app] = group.applications;
        const raw = await env.rawApplication(agentId, name);
        expect(app).toMatchObject({
          agentId,
          name,
          environment,
          project: 'shop',
          syncStatus: raw.status.sync.status,
          healthStatus: raw.status.health.status,
          revision: raw.status.sync.revision,
        });
        expect(app.revision).toMatch(/^[0-9a-f]{40}$/);
      }
    });

    it('accepts a bare name (kind Component, namespace default) and reports health', async () => {
      const res = await invoke(GET_STATUS, { entityRef: 'checkout' });
      expect(res.status).toBe(200);
      const qa = res.body.output.environments.find(
        (e: { name: string }) => e.name === 'qa',
      );
      expect(qa.applications[0]).toMatchObject({
        name: 'checkout-qa',
        healthStatus: 'Degraded',
      });
    });

    it('answers the assistant backend the same through the actions service', async () => {
      const viaHttp = await invoke(GET_STATUS, {
        entityRef: 'component:default/payments',
      });
      const viaService = await env.actionsService.invoke({
        id: GET_STATUS,
        input: { entityRef: 'component:default/payments' },
        credentials: mockCredentials.user(),
      });
      expect(viaService.output).toEqual(viaHttp.body.output);
    });

    it.each([
      [{}, 400, /entityRef/],
      [{ entityRef: 'component:default/' }, 400, /Invalid entityRef/],
      [{ entityRef: 'component:default/nobody' }, 404, /was not found/],
      [{ entityRef: 'component:default/plain' }, 404, /no GitOps annotations/],
    ])('answers %j with %i', async (input, status, message) => {
      const res = await invoke(GET_STATUS, input);
      expect(res.status).toBe(status);
      expect(JSON.stringify(res.body.error)).toMatch(message);
    });
  });

  describe('get-application-resource', () => {
    const input = {
      ...PAYMENTS_PROD,
      resourceKind: 'Deployment',
      resourceGroup: 'apps',
      resourceName: 'payments',
      resourceNamespace: 'payments-prod',
    };

    it('returns the live manifest, the events and the last log lines of a workload', async () => {
      const res = await invoke(GET_RESOURCE, { ...input, logTailLines: 2 });
      expect(res.status).toBe(200);
      const { output } = res.body;
      expect(output.resource).toMatchObject({
        kind: 'Deployment',
        name: 'payments',
        uid: expect.any(String),
      });
      expect(output.manifest).toMatchObject({
        kind: 'Deployment',
        metadata: { name: 'payments' },
      });
      expect(output.events[0]).toMatchObject({
        type: 'Normal',
        reason: 'ScalingReplicaSet',
      });
      const pods = new Set(output.logs.map((l: { pod: string }) => l.pod));
      expect(pods.size).toBeGreaterThan(0);
      expect(output.logs).toHaveLength(2 * pods.size);
      expect(output.logs[0]).toMatchObject({ container: 'payments' });
      expect(output.logsTruncated).toBeUndefined();

      const noLogs = await invoke(GET_RESOURCE, input);
      expect(noLogs.body.output.logs).toBeUndefined();
    });

    it('names a resource the application does not have, and refuses a non-reader', async () => {
      const missing = await invoke(GET_RESOURCE, {
        ...input,
        resourceName: 'nope',
      });
      expect(missing.status).toBe(404);
      expect(JSON.stringify(missing.body.error)).toContain(
        'Application payments-prod on agent prod has no resource Deployment payments-prod/nope',
      );
      env.denied.add(gitopsApplicationReadPermission.name);
      const denied = await invoke(GET_RESOURCE, input);
      expect(denied.status).toBe(403);
    });
  });

  describe('list-degraded-applications', () => {
    const names = (items: Array<{ agentId: string; name: string }>) =>
      items.map(a => `${a.agentId}/${a.name}`).sort();

    it('lists the degraded applications of the whole fleet', async () => {
      const res = await invoke(LIST_DEGRADED, {});
      expect(res.status).toBe(200);
      expect(names(res.body.output.items)).toEqual([
        'nonprod/checkout-qa',
        'prod/ledger-prod',
      ]);
      expect(res.body.output.total).toBe(2);
      expect(
        res.body.output.items.every(
          (a: { healthStatus: string }) => a.healthStatus === 'Degraded',
        ),
      ).toBe(true);
    });

    it('narrows by environment and by agent', async () => {
      const prod = await invoke(LIST_DEGRADED, { environment: ['prod'] });
      expect(names(prod.body.output.items)).toEqual(['prod/ledger-prod']);
      const nonprod = await invoke(LIST_DEGRADED, { agent: ['nonprod'] });
      expect(names(nonprod.body.output.items)).toEqual(['nonprod/checkout-qa']);
      const limited = await invoke(LIST_DEGRADED, { limit: 1 });
      expect(limited.body.output.items).toHaveLength(1);
      expect(limited.body.output.total).toBe(2);
    });

    it('names an unknown agent instead of answering with nothing', async () => {
      const res = await invoke(LIST_DEGRADED, { agent: ['elsewhere'] });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/elsewhere/);
    });
  });

  describe('read permissions', () => {
    it('denying gitops.application.read refuses get-entity-gitops-status on the entity', async () => {
      const permission = gitopsApplicationReadPermission.name;
      const input = { entityRef: 'component:default/payments' };
      env.denied.add(permission);
      const res = await invoke(GET_STATUS, input);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain(permission);
      env.denied.clear();
      expect((await invoke(GET_STATUS, input)).status).toBe(200);
    });

    it('hides list-degraded-applications from a caller without gitops.fleet.read (its visibility permission), and only it', async () => {
      const listed = async () => {
        const res = await env.api().get(ACTIONS).set('Authorization', env.auth);
        return res.body.actions.map((a: { id: string }) => a.id).sort();
      };
      env.denied.add(gitopsFleetReadPermission.name);
      expect(await listed()).toEqual(
        ALL_ACTIONS.filter(id => id !== LIST_DEGRADED).sort(),
      );
      const res = await invoke(LIST_DEGRADED, {});
      expect(res.status).toBe(404);
      expect(res.body.error.message).toContain(LIST_DEGRADED);
      env.denied.clear();
      expect(await listed()).toEqual([...ALL_ACTIONS].sort());
      expect((await invoke(LIST_DEGRADED, {})).status).toBe(200);
    });
  });
});
