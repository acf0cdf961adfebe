import { GITOPS_LABEL_PULL_REQUEST } from '../annotations/labels';
import type { EnvironmentDefinition, GitOpsApplication } from '../types';
import { findEnvironment } from './sortEnvironments';

/**
 * The one rule for what a preview environment is: one the config marks
 * `preview`, or one whose applications all preview a pull request (the
 * `gitops/pull-request` label an ApplicationSet pull-request generator's
 * template sets). A preview environment is no step of the promotion chain:
 * it is shown apart, and never compared with its neighbours.
 * @public
 */
export function isPreviewEnvironment(
  name: string,
  applications: ReadonlyArray<Pick<GitOpsApplication, 'labels'>>,
  definitions: readonly EnvironmentDefinition[],
): boolean {
  const definition = findEnvironment(name, definitions)?.definition;
  if (definition?.preview !== undefined) return definition.preview;
  return (
    applications.length > 0 &&
    applications.every(app =>
      Object.prototype.hasOwnProperty.call(
        app.labels ?? {},
        GITOPS_LABEL_PULL_REQUEST,
      ),
    )
  );
}

/**
 * Environments (in their order) split into the promotion chain and the
 * preview environments, by their `preview` flag (see `isPreviewEnvironment`).
 * @public
 */
export function splitPreviewEnvironments<T extends { preview?: boolean }>(
  environments: readonly T[],
): { chain: T[]; previews: T[] } {
  return {
    chain: environments.filter(env => !env.preview),
    previews: environments.filter(env => env.preview),
  };
}
