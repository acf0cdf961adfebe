import type { SandboxAgent } from '../agent/SandboxAgent';
import { Router } from '../http/Router';
import { addApplicationRoutes } from './applicationRoutes';
import { addApplicationSetRoutes } from './applicationSetRoutes';
import { addInventoryRoutes } from './inventoryRoutes';
import { addResourceReadRoutes } from './resourceReadRoutes';
import { addOperationRoutes } from './operationRoutes';
import { addSessionRoutes } from './sessionRoutes';
import { addStreamRoutes } from './streamRoutes';

/** The Argo CD REST API v1 subset the sandbox serves. */
export function argocdRoutes(agent: SandboxAgent): Router {
  const router = new Router();
  addSessionRoutes(router, agent);
  addApplicationRoutes(router, agent);
  addResourceReadRoutes(router, agent);
  addOperationRoutes(router, agent);
  addApplicationSetRoutes(router, agent);
  addInventoryRoutes(router, agent);
  addStreamRoutes(router, agent);
  return router;
}
