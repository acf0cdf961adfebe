import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CATALOG_FILTER_EXISTS } from '@backstage/catalog-client';
import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  createApplicationMatcher,
  getGitOpsEntityQuery,
  GITOPS_ENABLING_ANNOTATIONS,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';

/** Whether a query selects applications by what they are, not by set. */
function selectsApplications(query: GitOpsEntityQuery): boolean {
  return (
    query.services.length > 0 ||
    query.selector !== undefined ||
    query.applications.length > 0
  );
}

function readQuery(entity: Entity): GitOpsEntityQuery | undefined {
  try {
    return getGitOpsEntityQuery(entity);
  } catch {
    // an entity with a malformed annotation claims nothing
    return undefined;
  }
}

/**
 * The catalog entities that claim an existing ApplicationSet: each names it
 * in `gitops/applicationset`, or its annotations select an application the
 * set generated (by service id, label selector or name). An entity whose
 * annotations only restrict (agents, project) claims nothing, so a broad
 * annotation cannot capture other teams' sets.
 *
 * `generated` is the agent's applications that the set generated. The
 * catalog is read with the plugin's own credentials, so that an entity the
 * caller cannot see still counts as a claimant.
 */
export async function findApplicationSetClaimants(options: {
  catalog: CatalogService;
  credentials: BackstageCredentials;
  set: Pick<GitOpsApplicationSet, 'agentId' | 'name'>;
  generated: GitOpsApplication[];
}): Promise<string[]> {
  const { catalog, credentials, set, generated } = options;
  const { items } = await catalog.getEntities(
    {
      filter: GITOPS_ENABLING_ANNOTATIONS.map(name => ({
        [`metadata.annotations.${name}`]: CATALOG_FILTER_EXISTS,
      })),
      fields: [
        'kind',
        'metadata.namespace',
        'metadata.name',
        'metadata.annotations',
      ],
    },
    { credentials },
  );
  const claimants = new Set<string>();
  for (const entity of items) {
    const query = readQuery(entity);
    if (!query) continue;
    if (query.agents?.length && !query.agents.includes(set.agentId)) continue;
    const namesSet = query.applicationSets?.includes(set.name) ?? false;
    let selectsGenerated = false;
    if (!namesSet && selectsApplications(query) && generated.length > 0) {
      try {
        const matches = createApplicationMatcher({
          ...query,
          applicationSets: [],
        });
        selectsGenerated = generated.some(matches);
      } catch {
        // a malformed selector selects nothing
      }
    }
    if (namesSet || selectsGenerated) {
      claimants.add(stringifyEntityRef(entity));
    }
  }
  return [...claimants].sort();
}
