import {
  gitopsApplicationReadPermission,
  gitopsAuditReadPermission,
  gitopsFleetReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { useGitOpsTestBackend } from '../testUtils';
import { startRouterFleet } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * An entity's applications through the router: anonymous callers, the
 * environments in promotion order, per-agent errors, the diff, and the read
 * permissions of every read route.
 */
describe('entity routes (router over real sandbox agents)', () => {
  const env = useGitOpsTestBackend(startRouterFleet);

  describe('authentication', () => {
    it.each([
      ['get', '/api/gitops/fleet/applications'],
      ['get', '/api/gitops/entity/default/component/payments/applications'],
      ['get', '/api/gitops/repositories'],
      ['get', '/api/gitops/proxy/nonprod/api/v1/applications'],
      [
        'post',
        '/api/gitops/entity/default/component/payments/applications/prod/payments-prod/sync',
      ],
    ] as const)('answers an anonymous %s %s with 401', async (method, path) => {
      const before = env.agentRequests.length;
      const res = await env.api()[method](path);
      expect(res.status).toBe(401);
      expect(env.agentRequests.length).toBe(before);
    });

    it('lets anyone read /health', async () => {
      const res = await env.api().get('/api/gitops/health');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    });
  });

  describe('entity applications', () => {
    const names = (group: {
      applications: Array<{ name: string; agentId: string }>;
    }) => group.applications.map(a => `${a.agentId}/${a.name}`).sort();

    it('groups an entity’s applications by environment in promotion order', async () => {
      const res = await env
        .api()
        .get('/api/gitops/entity/default/component/payments/applications')
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      expect(res.body.entityRef).toBe('component:default/payments');
      expect(
        res.body.environments.map((e: { name: string }) => e.name),
      ).toEqual(['dev', 'qa', 'prod']);
      const [dev, qa, prod] = res.body.environments;
      expect(names(dev)).toEqual(['nonprod/payments-dev']);
      expect(names(qa)).toEqual(['nonprod/payments-qa']);
      expect(names(prod)).toEqual(['prod/payments-prod']);
      expect(prod.production).toBe(true);
      expect(dev.production).toBe(false);
    });

    it('serves an entity annotated only with argocd/app-selector the same way', async () => {
      const res = await env
        .api()
        .get('/api/gitops/entity/default/component/checkout/applications')
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      expect(
        res.body.environments.map((e: { name: string }) => e.name),
      ).toEqual(['dev', 'qa', 'prod']);
      const all = res.body.environments.flatMap(names);
      expect(all).toEqual(
        [
          'nonprod/checkout-dev',
          'nonprod/checkout-qa',
          'prod/checkout-prod',
        ].sort(),
      );
      const qa = res.body.environments[1].applications[0];
      expect(qa.health.status).toBe('Degraded');
    });

    it('reads Harness applications and their envRef environments', async () => {
      const res = await env
        .api()
        .get('/api/gitops/entity/default/component/risk/applications')
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      expect(
        res.body.environments.map((e: { name: string }) => e.name),
      ).toEqual(['dev', 'prod']);
      for (const group of res.body.environments) {
        expect(group.applications).toHaveLength(1);
        expect(group.applications[0]).toMatchObject({
          agentId: 'hx',
          agentKind: 'harness',
          environment: group.name,
        });
      }
    });

    it('reports stopped and unreachable agents per agent, and still answers with the others', async () => {
      const res = await env
        .api()
        .get('/api/gitops/entity/default/component/payments/applications')
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      const errored = res.body.errors
        .map((e: { agentId: string }) => e.agentId)
        .sort();
      expect(errored).toEqual(['ghost', 'standby']);
      for (const error of res.body.errors) {
        expect(error.message).toEqual(expect.any(String));
        expect(error.code).toEqual(expect.any(String));
      }
      const total = res.body.environments.reduce(
        (n: number, e: { applications: unknown[] }) =>
          n + e.applications.length,
        0,
      );
      expect(total).toBe(3);
    });

    it("reads every application's sync windows in one request, as each application's own route answers them", async () => {
      const get = (path: string) =>
        env
          .api()
          .get(`/api/gitops/entity/default/component/payments${path}`)
          .set('Authorization', env.auth);
      const [entity, applications] = await Promise.all([
        get('/syncwindows'),
        get('/applications'),
      ]);
      expect(entity.status).toBe(200);
      const apps = applications.body.environments.flatMap(
        (group: { applications: Array<{ key: string }> }) => group.applications,
      );
      expect(
        entity.body.items.map((item: { key: string }) => item.key).sort(),
      ).toEqual(apps.map((app: { key: string }) => app.key).sort());
      for (const app of apps) {
        const own = await get(
          `/applications/${app.agentId}/${app.name}/syncwindows`,
        );
        expect(
          entity.body.items.find(
            (item: { key: string }) => item.key === app.key,
          ).windows,
        ).toEqual(own.body.items);
      }
      // the agents that are down, as the applications' read names them
      const agents = (body: { errors: Array<{ agentId: string }> }) =>
        body.errors.map(error => error.agentId).sort();
      expect(agents(entity.body)).toEqual(agents(applications.body));
    });

    it('is 404 for unknown entities and entities without GitOps annotations', async () => {
      for (const name of ['nope', 'plain']) {
        const res = await env
          .api()
          .get(`/api/gitops/entity/default/component/${name}/applications`)
          .set('Authorization', env.auth);
        expect(res.status).toBe(404);
      }
    });

    it('refuses an application the entity does not select', async () => {
      const res = await env
        .api()
        .get(
          '/api/gitops/entity/default/component/payments/applications/prod/checkout-prod',
        )
        .set('Authorization', env.auth);
      expect(res.status).toBe(404);
    });

    it('diffs as Argo CD does: only the drifted field differs, not what the cluster owns', async () => {
      const drift = env.sandbox.drift('prod', 'payments-prod', 'replicas');
      const res = await env
        .api()
        .get(
          '/api/gitops/entity/default/component/payments/applications/prod/payments-prod/diff',
        )
        .set('Authorization', env.auth);
      expect(res.status).toBe(200);
      const items: Array<{
        kind: string;
        name: string;
        modified: boolean;
        targetState: Record<string, any> | null;
        liveState: Record<string, any> | null;
      }> = res.body.items;
      const changed = items.filter(i => i.modified);
      expect(changed.map(i => `${i.kind}/${i.name}`)).toEqual([
        `${drift.resource.kind}/${drift.resource.name}`,
      ]);
      const [deployment] = changed;
      // every top-level difference between the two sides, by path
      const differing = (
        a: Record<string, any>,
        b: Record<string, any>,
        at = '',
      ): string[] =>
        [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap(key => {
          const [x, y] = [a[key], b[key]];
          if (JSON.stringify(x) === JSON.stringify(y)) return [];
          return x && y && typeof x === 'object' && typeof y === 'object'
            ? differing(x, y, `${at}${key}.`)
            : [`${at}${key}`];
        });
      expect(differing(deployment.targetState!, deployment.liveState!)).toEqual(
        [drift.path],
      );
      // the cluster's own fields are on both sides, so they never show
      expect(deployment.liveState!.status).toBeDefined();
      expect(deployment.targetState!.status).toEqual(
        deployment.liveState!.status,
      );
      expect(deployment.targetState!.metadata.uid).toBe(
        deployment.liveState!.metadata.uid,
      );
      env.sandbox.reset('prod');
    });
  });

  describe('read permissions', () => {
    it.each([
      [
        gitopsApplicationReadPermission.name,
        '/api/gitops/entity/default/component/payments/applications',
      ],
      [
        gitopsApplicationReadPermission.name,
        '/api/gitops/entity/default/component/payments/applications/prod/payments-prod',
      ],
      [
        gitopsApplicationReadPermission.name,
        '/api/gitops/entity/default/component/payments/events',
      ],
      [
        gitopsApplicationReadPermission.name,
        '/api/gitops/entity/default/component/payments/syncwindows',
      ],
      [gitopsFleetReadPermission.name, '/api/gitops/fleet/applications'],
      [gitopsFleetReadPermission.name, '/api/gitops/repositories'],
      [gitopsFleetReadPermission.name, '/api/gitops/clusters'],
      [gitopsAuditReadPermission.name, '/api/gitops/audit'],
    ])('denying %s makes %s answer 403', async (permission, path) => {
      env.denied.add(permission);
      const res = await env.api().get(path).set('Authorization', env.auth);
      expect(res.status).toBe(403);
      env.denied.clear();
      const allowed = await env.api().get(path).set('Authorization', env.auth);
      expect(allowed.status).toBe(200);
    });
  });
});
