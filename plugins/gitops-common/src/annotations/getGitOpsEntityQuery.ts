import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import { formatLabelSelector, parseLabelSelector } from '../selectors';
import type { LabelSelectorRequirement } from '../selectors';
import {
  ARGOCD_ANNOTATION_APP_NAME,
  ARGOCD_ANNOTATION_APP_SELECTOR,
  ARGOCD_ANNOTATION_INSTANCE_NAME,
  ARGOCD_ANNOTATION_PROJECT_NAME,
  GITOPS_ANNOTATION_AGENTS,
  GITOPS_ANNOTATION_APPLICATIONSET,
  GITOPS_ANNOTATION_APP_NAME,
  GITOPS_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_PROJECT,
  GITOPS_ANNOTATION_SERVICE,
} from './annotations';
import type { GitOpsEntityQuery } from './GitOpsEntityQuery';

/**
 * The annotations any one of which makes an entity GitOps-enabled. The
 * peers' `argocd/instance-name` and `argocd/project-name` only restrict, as
 * they do in the peer plugins.
 */
/**
 * The annotations that make an entity GitOps-enabled (any one of them).
 * @public
 */
export const GITOPS_ENABLING_ANNOTATIONS: readonly string[] = [
  GITOPS_ANNOTATION_SERVICE,
  GITOPS_ANNOTATION_APP_SELECTOR,
  GITOPS_ANNOTATION_APP_NAME,
  GITOPS_ANNOTATION_AGENTS,
  GITOPS_ANNOTATION_PROJECT,
  GITOPS_ANNOTATION_APPLICATIONSET,
  ARGOCD_ANNOTATION_APP_NAME,
  ARGOCD_ANNOTATION_APP_SELECTOR,
];

function annotation(entity: Entity, name: string): string | undefined {
  const value = entity.metadata.annotations?.[name];
  if (typeof value !== 'string') {
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

function entityName(entity: Entity): string {
  try {
    return stringifyEntityRef(entity);
  } catch {
    return String(entity.metadata?.name);
  }
}

function list(entity: Entity, ...names: string[]): string[] {
  const result: string[] = [];
  for (const name of names) {
    for (const item of annotation(entity, name)?.split(',') ?? []) {
      const trimmed = item.trim();
      if (trimmed && !result.includes(trimmed)) {
        result.push(trimmed);
      }
    }
  }
  return result;
}

function applications(
  entity: Entity,
  ...names: string[]
): GitOpsEntityQuery['applications'] {
  const result: GitOpsEntityQuery['applications'] = [];
  for (const annotationName of names) {
    for (const item of list(entity, annotationName)) {
      const parts = item.split('/').map(part => part.trim());
      if (parts.length > 2 || parts.some(part => !part)) {
        throw new InputError(
          `Invalid "${annotationName}" annotation on ${entityName(
            entity,
          )}: "${item}" is neither "name" nor "namespace/name"`,
        );
      }
      const app =
        parts.length === 2
          ? { namespace: parts[0], name: parts[1] }
          : { name: parts[0] };
      if (
        !result.some(r => r.name === app.name && r.namespace === app.namespace)
      ) {
        result.push(app);
      }
    }
  }
  return result;
}

function selector(entity: Entity, ...names: string[]): string | undefined {
  const requirements: LabelSelectorRequirement[] = [];
  for (const name of names) {
    const value = annotation(entity, name);
    if (value === undefined) {
      continue;
    }
    try {
      requirements.push(...parseLabelSelector(value).requirements);
    } catch (error) {
      throw new InputError(
        `Invalid "${name}" annotation on ${entityName(entity)}: ${
          (error as Error).message
        }`,
        error,
      );
    }
  }
  return requirements.length > 0
    ? formatLabelSelector({ requirements })
    : undefined;
}

/**
 * Whether an entity carries an annotation that makes it GitOps-enabled: any
 * of the `gitops/*` annotations, or the peers' `argocd/app-name` or
 * `argocd/app-selector`.
 * @public
 */
export function isGitOpsAvailable(entity: Entity): boolean {
  return GITOPS_ENABLING_ANNOTATIONS.some(
    name => annotation(entity, name) !== undefined,
  );
}

/**
 * Reads which applications belong to an entity from its annotations, ours
 * and the peer Argo CD plugins' merged. Lists are comma-separated, trimmed,
 * without empties or duplicates.
 *
 * @returns undefined when the entity is not GitOps-enabled (see
 * {@link isGitOpsAvailable})
 * @throws InputError naming the annotation when a selector or an
 * application name is malformed
 * @public
 */
export function getGitOpsEntityQuery(
  entity: Entity,
): GitOpsEntityQuery | undefined {
  if (!isGitOpsAvailable(entity)) {
    return undefined;
  }
  // read in this order, so the first malformed annotation is the one named
  const services = list(entity, GITOPS_ANNOTATION_SERVICE);
  const names = applications(
    entity,
    GITOPS_ANNOTATION_APP_NAME,
    ARGOCD_ANNOTATION_APP_NAME,
  );
  const labelSelector = selector(
    entity,
    GITOPS_ANNOTATION_APP_SELECTOR,
    ARGOCD_ANNOTATION_APP_SELECTOR,
  );
  const agents = list(
    entity,
    GITOPS_ANNOTATION_AGENTS,
    ARGOCD_ANNOTATION_INSTANCE_NAME,
  );
  const projects = list(
    entity,
    GITOPS_ANNOTATION_PROJECT,
    ARGOCD_ANNOTATION_PROJECT_NAME,
  );
  const applicationSets = list(entity, GITOPS_ANNOTATION_APPLICATIONSET);
  // the optional terms are left out rather than set empty
  return {
    services,
    applications: names,
    ...(labelSelector !== undefined && { selector: labelSelector }),
    ...(agents.length > 0 && { agents }),
    ...(projects.length > 0 && { projects }),
    ...(applicationSets.length > 0 && { applicationSets }),
  };
}
