/**
 * The suite's one test harness (`@gitops-suite/plugin-gitops-backend/testUtils`):
 * the real plugin over a real sandbox, agent config entries, the shared
 * scenario pieces and the real-service probes, for the backend's own tests,
 * the catalog and scaffolder modules and the suites in `test/`.
 *
 * @packageDocumentation
 */

export { startGitOpsTestBackend } from './startGitOpsTestBackend';
export type {
  GitOpsTestBackend,
  PermissionQuestion,
} from './startGitOpsTestBackend';
export { startAgentTap } from './startAgentTap';
export type { AgentTap, TappedRequest } from './startAgentTap';
export { sandboxAgentConfig, sandboxAgentConfigs } from './sandboxAgentConfig';
export { closedPort, unreachableAgentConfig } from './unreachableAgentConfig';
export { waitFor } from './waitFor';
export { useGitOpsTestBackend } from './useGitOpsTestBackend';
export {
  componentEntity,
  configEnvironments,
  scenarioEnvironments,
} from './sandboxFixtures';
export {
  shopApplicationSet,
  shopArgoCdAgent,
  shopHarnessAgent,
  shopNonprodAgent,
  shopProdAgent,
  shopScenario,
  shopService,
} from './shopScenario';
export type { ShopCluster } from './shopScenario';
export { POSTGRES_URL, REDIS_URL, requireServer } from './realServices';
