import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import type { GitOpsProjectInfo } from '@gitops-suite/plugin-gitops-node';
import type { ArgoObjectMeta } from './argoCdTypes';

/**
 * The AppProject annotation naming the project's Backstage owners: entity
 * refs separated by commas (kind `group` and namespace `default` when
 * omitted), e.g. `group:default/team-payments`.
 */
export const PROJECT_OWNER_ANNOTATION = 'gitops/owner';

/** An Argo CD AppProject, as far as the trust model reads it. */
export interface ArgoAppProject {
  metadata?: ArgoObjectMeta;
  spec?: {
    destinations?: Array<{
      server?: string;
      name?: string;
      namespace?: string;
    }>;
    sourceRepos?: string[];
  };
}

/** Owner refs from an annotation value; refs that do not parse are dropped. */
export function parseOwnerRefs(value: string | undefined): string[] {
  const owners: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const text = part.trim();
    if (!text) continue;
    try {
      owners.push(
        stringifyEntityRef(
          parseEntityRef(text, {
            defaultKind: 'group',
            defaultNamespace: 'default',
          }),
        ),
      );
    } catch {
      // a malformed ref names nobody
    }
  }
  return owners;
}

/** The facts of an AppProject the trust model reads, normalized once. */
export function normalizeProject(raw: ArgoAppProject): GitOpsProjectInfo {
  const spec = raw.spec ?? {};
  return {
    name: raw.metadata?.name ?? '',
    destinations: (spec.destinations ?? []).map(d => ({
      ...(d.server !== undefined && { server: d.server }),
      ...(d.name !== undefined && { name: d.name }),
      ...(d.namespace !== undefined && { namespace: d.namespace }),
    })),
    sourceRepos: [...(spec.sourceRepos ?? [])],
    owners: parseOwnerRefs(
      raw.metadata?.annotations?.[PROJECT_OWNER_ANNOTATION],
    ),
  };
}
