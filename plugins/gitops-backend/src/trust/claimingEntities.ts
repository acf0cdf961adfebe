import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CATALOG_FILTER_EXISTS } from '@backstage/catalog-client';
import { Entity, stringifyEntityRef } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  createApplicationMatcher,
  getGitOpsEntityQuery,
  GITOPS_ENABLING_ANNOTATIONS,
  GitOpsApplication,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import { entityOwners } from './entityOwners';

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

/** What the catalog answers of an entity for its claims and its owners. */
export const CLAIM_FIELDS = [
  'kind',
  'metadata.namespace',
  'metadata.name',
  'metadata.annotations',
  'spec.owner',
  'relations',
];

/** A catalog entity that claims applications of an agent, and its owners. */
export interface ClaimingEntity {
  entityRef: string;
  owners: string[];
  /** Of the applications asked about, the ones its annotations select. */
  selected: GitOpsApplication[];
  /** Whether it names the ApplicationSet asked about in `gitops/applicationset`. */
  namesSet: boolean;
}

/**
 * The catalog entities that claim some of `applications` on an agent (their
 * annotations select them by service id, label selector or name) or that
 * name the ApplicationSet `setName`. An entity whose annotations only
 * restrict (agents, project) claims nothing, so a broad annotation cannot
 * capture other teams' applications.
 *
 * The catalog is read with the plugin's own credentials, so that an entity
 * the caller cannot see still counts.
 */
export async function readClaimingEntities(options: {
  catalog: CatalogService;
  credentials: BackstageCredentials;
  agentId: string;
  applications: GitOpsApplication[];
  setName?: string;
}): Promise<ClaimingEntity[]> {
  const { catalog, credentials, agentId, applications, setName } = options;
  const { items } = await catalog.getEntities(
    {
      filter: GITOPS_ENABLING_ANNOTATIONS.map(name => ({
        [`metadata.annotations.${name}`]: CATALOG_FILTER_EXISTS,
      })),
      fields: CLAIM_FIELDS,
    },
    { credentials },
  );
  const claiming: ClaimingEntity[] = [];
  for (const entity of items) {
    const query = readQuery(entity);
    if (!query) continue;
    if (query.agents?.length && !query.agents.includes(agentId)) continue;
    const namesSet =
      setName !== undefined &&
      (query.applicationSets?.includes(setName) ?? false);
    let selected: GitOpsApplication[] = [];
    if (selectsApplications(query) && applications.length > 0) {
      try {
        const matches = createApplicationMatcher({
          ...query,
          applicationSets: [],
        });
        selected = applications.filter(matches);
      } catch {
        // a malformed selector selects nothing
      }
    }
    if (namesSet || selected.length) {
      claiming.push({
        entityRef: stringifyEntityRef(entity),
        owners: entityOwners(entity),
        selected,
        namesSet,
      });
    }
  }
  return claiming.sort((a, b) => a.entityRef.localeCompare(b.entityRef));
}

/**
 * The catalog entities that claim an existing ApplicationSet: each names it
 * in `gitops/applicationset`, or its annotations select an application the
 * set generated (`generated`).
 */
export async function findApplicationSetClaimants(options: {
  catalog: CatalogService;
  credentials: BackstageCredentials;
  set: { agentId: string; name: string };
  generated: GitOpsApplication[];
}): Promise<string[]> {
  const claiming = await readClaimingEntities({
    catalog: options.catalog,
    credentials: options.credentials,
    agentId: options.set.agentId,
    applications: options.generated,
    setName: options.set.name,
  });
  return claiming.map(c => c.entityRef);
}
