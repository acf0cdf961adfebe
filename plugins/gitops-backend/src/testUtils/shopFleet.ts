import type { ScenarioInput } from '@gitops-suite/sandbox-agent';
import type { GitOpsTestBackend } from './startGitOpsTestBackend';
import { startShopFleet } from './startShopFleet';
import { useGitOpsTestBackend } from './useGitOpsTestBackend';
import {
  QuickShopAgentId,
  quickShopAgent,
  shopScenario,
  shopService,
} from './shopScenario';

/*
 * The route tests' one harness: a shop scenario described by what differs
 * (services by name, the usual agents by id) and the test backend over it,
 * started once for the enclosing `describe`.
 */

/** An agent of the shop by id (quick to sync), or one a test builds itself. */
export type ShopFleetAgent =
  | QuickShopAgentId
  | NonNullable<ScenarioInput['agents']>[number];

/**
 * A shop scenario whose `services` are named by their keys (each as
 * `shopService` makes it, with the options given) and whose `agents` are
 * the shop's by id or built by the test.
 */
export function shopFleet(
  seed: string,
  parts: Omit<Parameters<typeof shopScenario>[1], 'services' | 'agents'> & {
    services: Record<string, Parameters<typeof shopService>[1]>;
    agents: ShopFleetAgent[];
  },
): ScenarioInput {
  return shopScenario(seed, {
    ...parts,
    services: Object.entries(parts.services).map(([name, options]) =>
      shopService(name, options),
    ),
    agents: parts.agents.map(agent =>
      typeof agent === 'string' ? quickShopAgent(agent) : agent,
    ),
  });
}

/**
 * The test backend over `scenario` for the enclosing `describe`, as
 * `startShopFleet` starts it (each service a catalog component unless
 * `options.entities` says otherwise).
 */
export function useShopFleet(
  scenario: ScenarioInput,
  options?: Parameters<typeof startShopFleet>[1],
): GitOpsTestBackend {
  return useGitOpsTestBackend(() => startShopFleet(scenario, options));
}
