import Router from 'express-promise-router';
import {
  gitopsFleetReadPermission,
  sortEnvironments,
} from '@gitops-suite/plugin-gitops-common';
import { AgentEnvironments } from '../aggregation/ApplicationAggregator';
import { GitOpsService } from '../service/GitOpsService';
import { createApplicationSet } from '../applicationsets/createApplicationSet';
import { deleteApplicationSet } from '../applicationsets/deleteApplicationSet';
import { previewApplicationSet } from '../applicationsets/previewApplicationSet';
import { readExistingApplicationSet } from '../applicationsets/applicationSetAccess';
import { NotFoundError } from '@backstage/errors';
import { requestCredentials, sendJson } from './httpAdapters';
import { deploymentTargets } from '../applicationsets/deploymentTargets';
import { queryParameterCheck } from '../service/queryParameters';

const targetsQuery = queryParameterCheck(
  '/agents/{agentId}/deployment-targets',
  'deployment targets',
);

/** What an agent's entry says of the environments it serves. */
function servedFields(served: AgentEnvironments | undefined) {
  if (!served?.environments.length) return {};
  return {
    environments: served.environments.map(e => e.environment),
    serves: served.environments.map(e => ({
      environment: e.environment,
      clusters: e.clusters.map(({ name, server }) => ({ name, server })),
    })),
  };
}

/** Agents, environments, clusters, repositories and ApplicationSets. */
export function inventoryRoutes(ctx: GitOpsService) {
  const router = Router();
  const { aggregator, registry, environments } = ctx.deps;

  router.get('/environments', async (req, res) => {
    await requestCredentials(ctx, req);
    sendJson(ctx, res, {
      items: [...environments].sort((a, b) => a.order - b.order),
    });
  });

  router.get('/agents', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    const [statuses, served] = await Promise.all([
      aggregator.agentStatuses(),
      aggregator.servedEnvironments(undefined, names =>
        sortEnvironments(names, environments),
      ),
    ]);
    const byId = new Map(statuses.items.map(s => [s.agentId, s]));
    const servedBy = new Map(served.items.map(s => [s.agentId, s]));
    sendJson(ctx, res, {
      items: registry.list().map(provider => ({
        ...provider.agent,
        ...servedFields(servedBy.get(provider.agent.id)),
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
      freshness: statuses.freshness,
    });
  });

  router.get('/agents/:agentId/deployment-targets', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(
      ctx,
      res,
      await deploymentTargets(
        ctx,
        credentials,
        req.params.agentId,
        targetsQuery(req.query),
      ),
    );
  });

  router.get('/clusters', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    sendJson(ctx, res, await aggregator.clusters());
  });

  router.get('/repositories', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    sendJson(ctx, res, await aggregator.repositories());
  });

  router.get('/agents/:agentId/applicationsets', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    registry.get(req.params.agentId);
    sendJson(ctx, res, await aggregator.applicationSets([req.params.agentId]));
  });

  router.post('/agents/:agentId/applicationsets', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { status, body } = await createApplicationSet(
      ctx,
      { credentials, request: req },
      req.params.agentId,
      req.body,
    );
    sendJson(ctx, res, body, status);
  });

  router.post('/agents/:agentId/applicationsets/generate', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(
      ctx,
      res,
      await previewApplicationSet(
        ctx,
        { credentials, request: req },
        req.params.agentId,
        req.body,
      ),
    );
  });

  router.get('/agents/:agentId/applicationsets/:setName', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    await ctx.authorize(credentials, gitopsFleetReadPermission);
    const { agentId, setName } = req.params;
    const set = await readExistingApplicationSet(
      ctx,
      registry.get(agentId),
      setName,
    );
    if (!set) {
      throw new NotFoundError(
        `Agent ${agentId} has no ApplicationSet named ${setName}`,
      );
    }
    sendJson(ctx, res, set);
  });

  router.delete(
    '/agents/:agentId/applicationsets/:setName',
    async (req, res) => {
      const credentials = await requestCredentials(ctx, req);
      sendJson(
        ctx,
        res,
        await deleteApplicationSet(
          ctx,
          { credentials, request: req },
          req.params.agentId,
          req.params.setName,
        ),
      );
    },
  );

  return router;
}
