import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import { parseEntityRef, stringifyEntityRef } from '@backstage/catalog-model';
import { DestinationPattern } from './globMatch';

/**
 * One entry of `gitops.projects`: an Argo CD AppProject (or the AppProject
 * under a Harness agent) mapped to its Backstage owners, with where its
 * applications may deploy to and from.
 */
export interface ProjectRule {
  /** The AppProject's name. */
  project: string;
  /** The agents it applies to; every agent when absent. */
  agents?: string[];
  /** Owner entity refs (`group:default/team-payments`). */
  owners: string[];
  /** Allowed destinations; any destination of the project when absent. */
  destinations?: DestinationPattern[];
  /** Allowed source repositories (globs); any when absent. */
  sourceRepos?: string[];
}

/**
 * An owner as a full entity ref (a bare name is a group in the default
 * namespace); an InputError naming `where` otherwise.
 */
export function ownerRef(value: string, where: string): string {
  try {
    return stringifyEntityRef(
      parseEntityRef(value, {
        defaultKind: 'group',
        defaultNamespace: 'default',
      }),
    );
  } catch (error) {
    throw new InputError(
      `${where}: '${value}' is not an entity ref: ${(error as Error).message}`,
    );
  }
}

function readRule(config: Config, index: number): ProjectRule {
  const project = config.getString('name');
  const where = `gitops.projects[${index}] (${project})`;
  const owners = config
    .getStringArray('owners')
    .map(owner => ownerRef(owner, `${where}.owners`));
  if (owners.length === 0) {
    throw new InputError(`${where}: owners must name at least one owner`);
  }
  const destinations = config
    .getOptionalConfigArray('destinations')
    ?.map((d, i) => {
      const pattern: DestinationPattern = {
        server: d.getOptionalString('server'),
        name: d.getOptionalString('name'),
        namespace: d.getOptionalString('namespace'),
      };
      if (!pattern.server && !pattern.name && !pattern.namespace) {
        throw new InputError(
          `${where}.destinations[${i}]: give a server, a name or a namespace pattern`,
        );
      }
      return Object.fromEntries(
        Object.entries(pattern).filter(([, v]) => v !== undefined),
      ) as DestinationPattern;
    });
  return {
    project,
    agents: config.getOptionalStringArray('agents'),
    owners,
    ...(destinations && { destinations }),
    ...(config.has('sourceRepos') && {
      sourceRepos: config.getStringArray('sourceRepos'),
    }),
  };
}

/** `gitops.projects`, read and checked once at start-up. */
export function readProjectRules(config: Config | undefined): ProjectRule[] {
  const rules = (config?.getOptionalConfigArray('projects') ?? []).map(
    readRule,
  );
  const seen = new Set<string>();
  for (const rule of rules) {
    for (const agent of rule.agents ?? ['*']) {
      const key = `${agent}/${rule.project}`;
      if (seen.has(key)) {
        throw new InputError(
          `gitops.projects: project '${rule.project}' is mapped twice${
            agent === '*' ? '' : ` for agent ${agent}`
          }`,
        );
      }
      seen.add(key);
    }
  }
  return rules;
}
