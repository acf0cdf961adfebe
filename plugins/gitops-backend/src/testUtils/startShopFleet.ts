import type { ScenarioInput } from '@gitops-suite/sandbox-agent';
import {
  componentEntity,
  configEnvironments,
  GitOpsTestBackend,
  startGitOpsTestBackend,
} from '.';

/**
 * The test backend over a shop scenario whose every service is a catalog
 * component of the same name (annotated `gitops/service`) unless
 * `options.entities` names the catalog's entities, with the environments
 * of the config, and `options` beside them.
 */
export function startShopFleet(
  scenario: ScenarioInput,
  options: Omit<
    Parameters<typeof startGitOpsTestBackend>[0],
    'scenario' | 'environments'
  > = {},
): Promise<GitOpsTestBackend> {
  return startGitOpsTestBackend({
    scenario,
    entities: (scenario.services ?? []).map(service =>
      componentEntity(service.name, { 'gitops/service': service.name }),
    ),
    environments: configEnvironments,
    ...options,
  });
}
