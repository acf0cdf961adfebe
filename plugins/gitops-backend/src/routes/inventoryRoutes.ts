import Router from 'express-promise-router';
import {
  gitopsApplicationSetCreatePermission,
  gitopsFleetReadPermission,
} from '@gitops-suite/plugin-gitops-common';
import { RouteContext } from './RouteContext';
import { applicationSetCreateBody, parse } from './schemas';

/** Agents, environments, clusters, repositories and ApplicationSets. */
export function inventoryRoutes(ctx: RouteContext) {
  const router = Router();
  const { aggregator, registry, environments, runner } = ctx.deps;

  router.get('/environments', async (req, res) => {
    await ctx.credentials(req);
    ctx.send(res, {
      items: [...environments].sort((a, b) => a.order - b.order),
    });
  });

  router.get('/agents', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    const statuses = await aggregator.agentStatuses();
    const byId = new Map(statuses.items.map(s => [s.agentId, s]));
    ctx.send(res, {
      items: registry.list().map(provider => ({
        ...provider.agent,
        status: byId.get(provider.agent.id) ?? {
          agentId: provider.agent.id,
          kind: provider.agent.kind,
          state: 'error',
          message: statuses.errors.find(e => e.agentId === provider.agent.id)
            ?.message,
          checkedAt: new Date().toISOString(),
        },
      })),
      errors: statuses.errors,
    });
  });

  router.get('/clusters', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    ctx.send(res, await aggregator.clusters());
  });

  router.get('/repositories', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    ctx.send(res, await aggregator.repositories());
  });

  router.get('/agents/:agentId/applicationsets', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    registry.get(req.params.agentId);
    ctx.send(res, await aggregator.applicationSets([req.params.agentId]));
  });

  router.post('/agents/:agentId/applicationsets', async (req, res) => {
    const credentials = await ctx.credentials(req);
    await ctx.authorize(credentials, gitopsApplicationSetCreatePermission);
    const body = parse(applicationSetCreateBody, req.body, 'ApplicationSet');
    const provider = registry.get(req.params.agentId);
    const { auditId, result } = await runner.run(
      {
        actor: ctx.actor(credentials),
        entityRef: body.entityRef,
        agentId: provider.agent.id,
        application: body.manifest.metadata.name,
        action: 'applicationset.create',
        parameters: { upsert: body.upsert, dryRun: body.dryRun },
      },
      req,
      () =>
        provider.createApplicationSet(body.manifest, {
          upsert: body.upsert,
          dryRun: body.dryRun,
        }),
    );
    ctx.send(res, { auditId, ...result }, body.dryRun ? 200 : 201);
  });

  return router;
}
