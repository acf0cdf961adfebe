import { AuthService, LoggerService } from '@backstage/backend-plugin-api';
import { Entity, parseEntityRef } from '@backstage/catalog-model';
import { NotAllowedError } from '@backstage/errors';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  getGitOpsEntityQuery,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { ApplicationAggregator } from '../aggregation/ApplicationAggregator';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { CLAIM_FIELDS, readClaimingEntities } from './claimingEntities';
import { destinationAllowed, patternsAllow } from './globMatch';
import { ProjectRule } from './projectRules';
import { ProjectFacts, ProjectFactsReader } from './ProjectFactsReader';
import { entityOwners } from './entityOwners';

/** One application that falls outside what its owners may use, and why. */
export interface TrustViolation {
  application: string;
  reason: string;
}

/** Where the owners already run applications on one agent. */
interface Footprint {
  projects: Set<string>;
  destinations: Set<string>;
}

function describeDestination(app: GitOpsApplication): string {
  const cluster =
    app.destination?.name ?? app.clusterName ?? app.destination?.server ?? '?';
  return `${cluster}/${app.destination?.namespace ?? ''}`;
}

function destinationKey(app: GitOpsApplication): string[] {
  const namespace = app.destination?.namespace ?? '';
  return [app.destination?.server, app.destination?.name ?? app.clusterName]
    .filter((cluster): cluster is string => !!cluster)
    .map(cluster => `${cluster}\n${namespace}`);
}

function repositoriesOf(app: GitOpsApplication): string[] {
  return [...new Set((app.sources ?? []).map(s => s.repoURL).filter(Boolean))];
}

/**
 * The trust model: an application belongs to Backstage owners by agent-side
 * facts, its project and its destination, mapped to owners in
 * `gitops.projects` and by the AppProject itself (its `gitops/owner`
 * annotation, `spec.destinations` and `spec.sourceRepos`). A catalog
 * entity's claim never grants rights by itself.
 *
 * Secure by default: where neither config nor the AppProject names a
 * project's owners, nothing may be created in a project or namespace where
 * the owners have no application yet.
 */
export class DeploymentTrust {
  private readonly facts: ProjectFactsReader;

  constructor(
    private readonly deps: {
      rules: ProjectRule[];
      registry: ProviderRegistry;
      aggregator: ApplicationAggregator;
      catalog: CatalogService;
      auth: AuthService;
      logger: LoggerService;
      clock?: () => number;
    },
  ) {
    this.facts = new ProjectFactsReader(deps);
  }

  /**
   * The projects an owner deploys new services to on an agent: those
   * `gitops.projects` maps to the owner there, by name.
   */
  ownerProjects(agentId: string, owner: string): string[] {
    return [
      ...new Set(
        this.deps.rules
          .filter(
            rule =>
              rule.owners.includes(owner) &&
              (!rule.agents || rule.agents.includes(agentId)),
          )
          .map(rule => rule.project),
      ),
    ].sort();
  }

  /**
   * Refuses (403) an operation on `app` through `entity` unless the app's
   * project and destination belong to the entity's owners: a component
   * whose selector reaches another team's applications may read them, never
   * operate them.
   */
  async assertOperable(
    entityRef: string,
    entity: Entity,
    app: GitOpsApplication,
    permission: string,
  ): Promise<void> {
    const problems = await this.operationProblems(entityOwners(entity), app);
    if (problems.length) {
      throw new NotAllowedError(
        `Not allowed: ${permission} on ${entityRef}: application ${
          app.name
        } on agent ${
          app.agentId
        } does not belong to its owners: ${problems.join('; ')}`,
      );
    }
  }

  /**
   * Why `owners` may not operate `app` where it runs: its project must be
   * theirs, and its destination and source repositories ones the project
   * allows. A project nobody
   * maps leaves the entity's own claim standing.
   */
  async operationProblems(
    owners: string[],
    app: GitOpsApplication,
    options?: { unmapped?: 'allow' | 'refuse' },
  ): Promise<string[]> {
    const facts = await this.facts.read(app.agentId, app.project);
    if (facts.owners.length === 0) {
      // a git write is decided by what it deploys, never by a claim: a
      // project nobody maps is refused there
      return options?.unmapped === 'refuse'
        ? [
            `project ${
              app.project || 'default'
            } is mapped to no owner (gitops.projects, or the AppProject's gitops/owner annotation)`,
          ]
        : [];
    }
    return this.problems(owners, app, facts);
  }

  /**
   * Every application an ApplicationSet would generate that falls outside
   * what `owners` may use (project, destination, source repository), or
   * that carries labels claiming an entity of other owners.
   */
  async generatedViolations(
    agentId: string,
    owners: string[],
    generated: GitOpsApplication[],
  ): Promise<TrustViolation[]> {
    const violations: TrustViolation[] = [];
    let footprint: Promise<Footprint> | undefined;
    const occupants = await this.occupants(agentId);
    for (const app of generated) {
      const facts = await this.facts.read(agentId, app.project);
      for (const reason of await this.occupiedBy(owners, app, occupants)) {
        violations.push({ application: app.name, reason });
      }
      const reasons =
        facts.owners.length > 0
          ? this.problems(owners, app, facts)
          : this.unmappedProblems(
              owners,
              app,
              facts,
              await (footprint ??= this.footprint(agentId, owners)),
            );
      for (const reason of reasons) {
        violations.push({ application: app.name, reason });
      }
    }
    const claiming = await readClaimingEntities({
      catalog: this.deps.catalog,
      credentials: await this.deps.auth.getOwnServiceCredentials(),
      agentId,
      applications: generated,
    });
    for (const entity of claiming) {
      if (entity.owners.some(owner => owners.includes(owner))) continue;
      for (const app of entity.selected) {
        violations.push({
          application: app.name,
          reason: `its labels claim ${entity.entityRef}, owned by ${
            entity.owners.join(', ') || 'nobody'
          }`,
        });
      }
    }
    return violations;
  }

  /** The projects whose applications run at each destination of an agent now. */
  private async occupants(agentId: string): Promise<Map<string, Set<string>>> {
    const byDestination = new Map<string, Set<string>>();
    const { items } = await this.deps.aggregator.fleetApplications([agentId]);
    for (const app of items) {
      for (const key of destinationKey(app)) {
        let projects = byDestination.get(key);
        if (!projects) byDestination.set(key, (projects = new Set()));
        projects.add(app.project || 'default');
      }
    }
    return byDestination;
  }

  /**
   * A destination where applications of another team's project run already
   * belongs to that team: `app` may not deploy there from its own project.
   */
  private async occupiedBy(
    owners: string[],
    app: GitOpsApplication,
    occupants: Map<string, Set<string>>,
  ): Promise<string[]> {
    const project = app.project || 'default';
    const others = new Set<string>();
    for (const key of destinationKey(app)) {
      for (const other of occupants.get(key) ?? []) {
        if (other !== project) others.add(other);
      }
    }
    const problems: string[] = [];
    for (const other of [...others].sort()) {
      const facts = await this.facts.read(app.agentId, other);
      if (facts.owners.length && !facts.owners.some(o => owners.includes(o))) {
        problems.push(
          `destination ${describeDestination(
            app,
          )} holds applications of project ${other}, which belongs to ${facts.owners.join(
            ', ',
          )}`,
        );
      }
    }
    return problems;
  }

  /** Problems where config or the AppProject names the project's owners. */
  private problems(
    owners: string[],
    app: GitOpsApplication,
    facts: ProjectFacts,
  ): string[] {
    const problems: string[] = [];
    const project = app.project || 'default';
    if (!facts.owners.some(owner => owners.includes(owner))) {
      problems.push(
        `project ${project} belongs to ${facts.owners.join(', ')}, not to ${
          owners.join(', ') || 'an entity without owners'
        }`,
      );
    }
    problems.push(...this.patternProblems(app, facts));
    return problems;
  }

  /** Problems where nobody names the project's owners: the footprint rule. */
  private unmappedProblems(
    owners: string[],
    app: GitOpsApplication,
    facts: ProjectFacts,
    footprint: Footprint,
  ): string[] {
    const problems: string[] = [];
    const project = app.project || 'default';
    const who = owners.join(', ') || 'an entity without owners';
    if (!footprint.projects.has(project)) {
      problems.push(
        `project ${project} is mapped to no owner (gitops.projects, or the AppProject's gitops/owner annotation), and ${who} has no application in it yet`,
      );
    }
    if (!destinationKey(app).some(key => footprint.destinations.has(key))) {
      problems.push(
        `destination ${describeDestination(
          app,
        )} is in no project mapped to an owner, and ${who} has no application there yet`,
      );
    }
    problems.push(...this.patternProblems(app, facts));
    return problems;
  }

  private patternProblems(
    app: GitOpsApplication,
    facts: ProjectFacts,
  ): string[] {
    const problems: string[] = [];
    const project = app.project || 'default';
    const destination = {
      server: app.destination?.server,
      name: app.destination?.name ?? app.clusterName,
      namespace: app.destination?.namespace,
    };
    for (const { from, patterns } of facts.destinations) {
      if (!destinationAllowed(patterns, destination)) {
        problems.push(
          `destination ${describeDestination(
            app,
          )} is not one ${from} of project ${project} allows`,
        );
      }
    }
    for (const repo of repositoriesOf(app)) {
      for (const { from, patterns } of facts.sourceRepos) {
        if (!patternsAllow(patterns, repo)) {
          problems.push(
            `repository ${repo} is not a source ${from} of project ${project} allows`,
          );
        }
      }
    }
    return problems;
  }

  /** The projects and destinations where `owners` run applications already. */
  private async footprint(
    agentId: string,
    owners: string[],
  ): Promise<Footprint> {
    const footprint: Footprint = {
      projects: new Set(),
      destinations: new Set(),
    };
    if (owners.length === 0) return footprint;
    // by relation, and by spec.owner as written (`team-a`, `group:team-a`)
    const written = owners.flatMap(owner => {
      const { kind, namespace, name } = parseEntityRef(owner);
      return namespace === 'default'
        ? [owner, `${kind}:${name}`, ...(kind === 'group' ? [name] : [])]
        : [owner];
    });
    const { items } = await this.deps.catalog.getEntities(
      {
        filter: [
          { 'relations.ownedBy': owners },
          { 'spec.owner': [...new Set(written)] },
        ],
        fields: CLAIM_FIELDS,
      },
      { credentials: await this.deps.auth.getOwnServiceCredentials() },
    );
    for (const entity of items) {
      if (!entityOwners(entity).some(owner => owners.includes(owner))) {
        continue;
      }
      let query;
      try {
        query = getGitOpsEntityQuery(entity);
      } catch {
        continue;
      }
      if (!query || (query.agents?.length && !query.agents.includes(agentId))) {
        continue;
      }
      let apps: GitOpsApplication[];
      try {
        apps = (
          await this.deps.aggregator.entityApplications({
            ...query,
            agents: [agentId],
          })
        ).items;
      } catch {
        continue; // a malformed selector selects nothing
      }
      for (const app of apps) {
        footprint.projects.add(app.project || 'default');
        for (const key of destinationKey(app)) footprint.destinations.add(key);
      }
    }
    return footprint;
  }
}
