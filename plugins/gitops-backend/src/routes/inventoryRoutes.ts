import { createApplicationSet } from '../applicationsets/createApplicationSet';
import { deleteApplicationSet } from '../applicationsets/deleteApplicationSet';
import { previewApplicationSet } from '../applicationsets/previewApplicationSet';
import type { GitOpsServices } from '../service/GitOpsServices';
import { InventoryReads } from '../reads/InventoryReads';
import {
  defaulted,
  GitOpsRouter,
  listQuery,
  requestCredentials,
  sendJson,
} from './httpAdapters';

/** Agents, environments, clusters, repositories and ApplicationSets. */
export function inventoryRoutes(
  router: GitOpsRouter,
  ctx: Pick<
    GitOpsServices,
    'access' | 'fleet' | 'httpAuth' | 'operations' | 'providers' | 'scrubber'
  >,
  inventory: InventoryReads,
) {
  router.get('/environments', async (req, res) => {
    await requestCredentials(ctx, req);
    sendJson(ctx, res, inventory.environments());
  });

  router.get('/agents', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await inventory.agents(credentials));
  });

  router.get('/agents/:agentId/deployment-targets', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { agentId } = req.params;
    const query = listQuery(req.query);
    sendJson(
      ctx,
      res,
      await inventory.deploymentTargets(credentials, agentId, query),
    );
  });

  router.get('/clusters', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await inventory.clusters(credentials));
  });

  router.get('/repositories', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    sendJson(ctx, res, await inventory.repositories(credentials));
  });

  router.get('/agents/:agentId/applicationsets', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { agentId } = req.params;
    sendJson(ctx, res, await inventory.applicationSets(credentials, agentId));
  });

  router.post('/agents/:agentId/applicationsets', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { status, body } = await createApplicationSet(
      ctx,
      { credentials, request: req },
      req.params.agentId,
      defaulted(req.body, ['upsert', 'dryRun']),
    );
    sendJson(ctx, res, body, status);
  });

  router.post('/agents/:agentId/applicationsets/generate', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const caller = { credentials, request: req };
    const { agentId } = req.params;
    sendJson(
      ctx,
      res,
      await previewApplicationSet(ctx, caller, agentId, req.body),
    );
  });

  router.get('/agents/:agentId/applicationsets/:setName', async (req, res) => {
    const credentials = await requestCredentials(ctx, req);
    const { agentId, setName } = req.params;
    sendJson(
      ctx,
      res,
      await inventory.applicationSet(credentials, agentId, setName),
    );
  });

  router.delete(
    '/agents/:agentId/applicationsets/:setName',
    async (req, res) => {
      const credentials = await requestCredentials(ctx, req);
      const caller = { credentials, request: req };
      const { agentId, setName } = req.params;
      sendJson(
        ctx,
        res,
        await deleteApplicationSet(ctx, caller, agentId, setName),
      );
    },
  );
}
