import { AuthService, LoggerService } from '@backstage/backend-plugin-api';
import { parseEntityRef } from '@backstage/catalog-model';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  getGitOpsEntityQuery,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { FleetView } from '../fleet/FleetView';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { CLAIM_FIELDS, readClaimingEntities } from './claimingEntities';
import { destinationAllowed, patternsAllow } from './globMatch';
import { ProjectRule } from './projectRules';
import { ProjectFacts, ProjectFactsReader } from './ProjectFactsReader';
import { entityOwners } from './entityOwners';
import {
  ClusterDirectory,
  destinationKeyOf,
  ResolvedDestination,
} from './clusterDestinations';
import {
  allowedBeyondCatchAll,
  listsClaim,
  resolvedDestinationAllowed,
} from './destinationClaims';

/**
 * Which rule of the trust model a problem breaks: the application's
 * project is not its owners', its destination is not theirs to use, a
 * source repository is not one its project allows, or its labels claim
 * another team's entity. The permission rules of the `gitops-deploy-target`
 * resource type test these (see permissions/deployTargetRules.ts).
 * @public
 */
export type TrustRule = 'project' | 'destination' | 'repository' | 'claim';

/**
 * One problem, and the rule it breaks.
 * @public
 */
export interface TrustProblem {
  rule: TrustRule;
  reason: string;
}

/** One application that falls outside what its owners may use, and why. */
export interface TrustViolation extends TrustProblem {
  application: string;
}

const problem =
  (rule: TrustRule) =>
  (reason: string): TrustProblem => ({ rule, reason });

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

/**
 * The occupancy keys of an application: its cluster resolved to a
 * normalized server, and its namespace. A cluster the agent does not list
 * keeps its name, so that what runs there still counts.
 */
function destinationKey(
  app: GitOpsApplication,
  clusters: ClusterDirectory,
): string[] {
  const resolved = clusters.resolve(app);
  if ('destination' in resolved)
    return [destinationKeyOf(resolved.destination)];
  const namespace = app.destination?.namespace ?? '';
  const cluster = app.destination?.name ?? app.clusterName;
  return cluster ? [`name:${cluster}\n${namespace}`] : [];
}

/** Everything one check of generated applications reads once. */
interface AgentView {
  agentId: string;
  clusters: ClusterDirectory;
  occupants: Map<string, Set<string>>;
  /** Why the agent's applications could not be read, if they could not. */
  unreadable?: string;
}

/** A destination as written, and the server its cluster resolves to. */
function describeResolved(
  app: GitOpsApplication,
  destination: ResolvedDestination,
): string {
  const written = describeDestination(app);
  const cluster = app.destination?.server ?? app.clusterName;
  return cluster && cluster === destination.server
    ? written
    : `${written} (server ${destination.server})`;
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
    private readonly services: {
      rules: ProjectRule[];
      registry: ProviderRegistry;
      fleet: FleetView;
      catalog: CatalogService;
      auth: AuthService;
      logger: LoggerService;
      clock?: () => number;
    },
  ) {
    this.facts = new ProjectFactsReader(services);
  }

  /**
   * The projects an owner deploys new services to on an agent: those
   * `gitops.projects` maps to the owner there, by name.
   */
  ownerProjects(agentId: string, owner: string): string[] {
    return [
      ...new Set(
        this.services.rules
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
   * Why `owners` may not operate `app` where it runs: its project must be
   * theirs, and its destination (its cluster resolved through the agent's
   * cluster list) and source repositories ones the project allows. A
   * project nobody maps leaves the entity's own claim standing, unless
   * `options.unmapped` is `refuse`.
   */
  async operationProblems(
    owners: string[],
    app: GitOpsApplication,
    options?: { unmapped?: 'allow' | 'refuse' },
  ): Promise<TrustProblem[]> {
    const facts = await this.facts.read(app.agentId, app.project);
    if (facts.owners.length === 0) {
      // a git write is decided by what it deploys, never by a claim: a
      // project nobody maps is refused there
      return options?.unmapped === 'refuse'
        ? [
            {
              rule: 'project',
              reason: `project ${
                app.project || 'default'
              } is mapped to no owner (gitops.projects, or the AppProject's gitops/owner annotation)`,
            },
          ]
        : [];
    }
    const resolved = (await this.clusters(app.agentId)).resolve(app);
    // an application that runs already was placed by the agent: where its
    // cluster is no longer listed, its destination is compared as written
    return this.problems(
      owners,
      app,
      facts,
      'destination' in resolved ? resolved.destination : undefined,
    );
  }

  /**
   * Every application an ApplicationSet would generate that falls outside
   * what `owners` may use (project, destination, source repository), or
   * that carries labels claiming an entity of other owners.
   *
   * Destinations are compared as Argo CD resolves them: a cluster name (on
   * Harness, its identifier too) is the server the agent's cluster list
   * gives it, a name it lists nowhere is refused. A namespace is the
   * owners' only where their project allows it, no other team's project
   * runs applications there or names it in its destinations, and no project
   * hidden from the portal's token may hold it.
   */
  async generatedViolations(
    agentId: string,
    owners: string[],
    generated: GitOpsApplication[],
  ): Promise<TrustViolation[]> {
    const violations: TrustViolation[] = [];
    const view = await this.agentView(agentId);
    let footprint: Promise<Footprint> | undefined;
    const ownFootprint = () =>
      (footprint ??= this.footprint(agentId, owners, view));
    const others = generated.length
      ? await this.otherProjects(agentId, owners, view)
      : [];
    for (const app of generated) {
      const add = ({ rule, reason }: TrustProblem) =>
        violations.push({ application: app.name, rule, reason });
      const destinationProblem = problem('destination');
      const facts = await this.facts.read(agentId, app.project);
      const resolved = view.clusters.resolve(app);
      const destination =
        'destination' in resolved ? resolved.destination : undefined;
      if (!destination) {
        add(destinationProblem((resolved as { problem: string }).problem));
      }
      if (view.unreadable) {
        add(
          destinationProblem(
            `the applications of agent ${agentId} cannot be read (${
              view.unreadable
            }), so whether ${describeDestination(app)} is free is unknown`,
          ),
        );
      }
      if (destination) {
        for (const reason of await this.occupiedBy(
          agentId,
          owners,
          app,
          destination,
          view.occupants,
        )) {
          add(destinationProblem(reason));
        }
      }
      const reasons =
        facts.owners.length > 0
          ? this.problems(owners, app, facts, destination)
          : this.unmappedProblems(
              owners,
              app,
              facts,
              destination,
              await ownFootprint(),
            );
      reasons.forEach(add);
      if (destination) {
        const claims = await this.namespaceProblems(
          owners,
          app,
          facts,
          destination,
          others,
          ownFootprint,
        );
        claims.map(destinationProblem).forEach(add);
      }
    }
    const claiming = await readClaimingEntities({
      catalog: this.services.catalog,
      credentials: await this.services.auth.getOwnServiceCredentials(),
      agentId,
      applications: generated,
    });
    for (const entity of claiming) {
      if (entity.owners.some(owner => owners.includes(owner))) continue;
      for (const app of entity.selected) {
        violations.push({
          application: app.name,
          rule: 'claim',
          reason: `its labels claim ${entity.entityRef}, owned by ${
            entity.owners.join(', ') || 'nobody'
          }`,
        });
      }
    }
    return violations;
  }

  /** The agent's cluster list, to resolve destinations with. */
  private async clusters(agentId: string): Promise<ClusterDirectory> {
    const { items, errors } = await this.services.fleet.clusters([agentId]);
    const unavailable =
      items.length === 0 && errors.length
        ? errors.map(e => e.message).join('; ')
        : undefined;
    return new ClusterDirectory(agentId, items, unavailable);
  }

  /**
   * The agent's clusters, and the projects whose applications run at each
   * of its destinations now (by resolved server and namespace).
   */
  private async agentView(agentId: string): Promise<AgentView> {
    const clusters = await this.clusters(agentId);
    const occupants = new Map<string, Set<string>>();
    const { items, errors } = await this.services.fleet.fleetApplications([
      agentId,
    ]);
    for (const app of items) {
      for (const key of destinationKey(app, clusters)) {
        let projects = occupants.get(key);
        if (!projects) occupants.set(key, (projects = new Set()));
        projects.add(app.project || 'default');
      }
    }
    // nothing read and an error: what runs where is unknown, not free
    const unreadable =
      items.length === 0 && errors.length
        ? errors.map(e => e.message).join('; ')
        : undefined;
    return { agentId, clusters, occupants, unreadable };
  }

  /**
   * The projects of other teams on an agent whose destinations may claim a
   * namespace: those `gitops.projects` maps there and those that run
   * applications there now, with their facts.
   */
  private async otherProjects(
    agentId: string,
    owners: string[],
    view: AgentView,
  ): Promise<Array<{ project: string; facts: ProjectFacts }>> {
    const names = new Set(this.facts.configuredProjects(agentId));
    for (const projects of view.occupants.values()) {
      for (const project of projects) names.add(project);
    }
    const read = await Promise.all(
      [...names].sort().map(async project => ({
        project,
        facts: await this.facts.read(agentId, project),
      })),
    );
    return read.filter(
      ({ facts }) =>
        facts.owners.length > 0 &&
        !facts.owners.some(owner => owners.includes(owner)),
    );
  }

  /**
   * A destination where applications of another team's project run already
   * belongs to that team: `app` may not deploy there from its own project.
   */
  private async occupiedBy(
    agentId: string,
    owners: string[],
    app: GitOpsApplication,
    destination: ResolvedDestination,
    occupants: Map<string, Set<string>>,
  ): Promise<string[]> {
    const project = app.project || 'default';
    const others = new Set<string>();
    for (const other of occupants.get(destinationKeyOf(destination)) ?? []) {
      if (other !== project) others.add(other);
    }
    const problems: string[] = [];
    for (const other of [...others].sort()) {
      const facts = await this.facts.read(agentId, other);
      if (facts.owners.length && !facts.owners.some(o => owners.includes(o))) {
        problems.push(
          `destination ${describeResolved(
            app,
            destination,
          )} holds applications of project ${other}, which belongs to ${facts.owners.join(
            ', ',
          )}`,
        );
      }
    }
    return problems;
  }

  /**
   * Whether the namespace is the owners' to take (fail closed): their
   * project must allow it by a destination list (without one, only where
   * they deploy already), no other team's project may name it in its
   * destinations, and a project hidden from the portal's token holds every
   * namespace its config names, or, with no list in config, any namespace
   * the owners' project allows only through a catch-all.
   */
  private async namespaceProblems(
    owners: string[],
    app: GitOpsApplication,
    facts: ProjectFacts,
    destination: ResolvedDestination,
    others: Array<{ project: string; facts: ProjectFacts }>,
    footprint: () => Promise<Footprint>,
  ): Promise<string[]> {
    const problems: string[] = [];
    const project = app.project || 'default';
    const where = describeResolved(app, destination);
    const who = owners.join(', ') || 'an entity without owners';
    // unmapped projects are held to the footprint already (unmappedProblems)
    if (facts.owners.length > 0 && facts.destinations.length === 0) {
      if (
        !(await footprint()).destinations.has(destinationKeyOf(destination))
      ) {
        problems.push(
          `project ${project} has no destination list (gitops.projects destinations, or the AppProject's spec.destinations), and ${who} has no application at ${where} yet`,
        );
      }
    }
    const specific = allowedBeyondCatchAll(facts.destinations, destination);
    for (const other of others) {
      if (other.project === project) continue;
      const belongs = other.facts.owners.join(', ');
      if (!other.facts.hidden) {
        for (const list of other.facts.destinations) {
          if (listsClaim(list.patterns, destination)) {
            problems.push(
              `namespace ${destination.namespace} on ${destination.server} is named by the destinations ${list.from} gives project ${other.project}, which belongs to ${belongs}`,
            );
            break;
          }
        }
        continue;
      }
      // hidden: config's list is all that is known of where it runs
      const lists = other.facts.destinations;
      if (lists.some(list => listsClaim(list.patterns, destination))) {
        problems.push(
          `namespace ${destination.namespace} on ${destination.server} is named by the destinations gitops.projects gives project ${other.project} (hidden from the portal's token on agent ${app.agentId}), which belongs to ${belongs}`,
        );
      } else if (
        !lists.some(list =>
          list.patterns.some(p => p.namespace && !/^!?\*+$/.test(p.namespace)),
        ) &&
        facts.destinations.length > 0 &&
        !specific
      ) {
        problems.push(
          `project ${project} allows namespace ${destination.namespace} only through a catch-all namespace pattern, and project ${other.project} (${belongs}) is hidden from the portal's token on agent ${app.agentId}, so whether it runs there is unknown: list ${other.project}'s destinations in gitops.projects, or ${project}'s namespaces by name`,
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
    destination: ResolvedDestination | undefined,
  ): TrustProblem[] {
    const problems: TrustProblem[] = [];
    const project = app.project || 'default';
    if (!facts.owners.some(owner => owners.includes(owner))) {
      problems.push({
        rule: 'project',
        reason: `project ${project} belongs to ${facts.owners.join(
          ', ',
        )}, not to ${owners.join(', ') || 'an entity without owners'}`,
      });
    }
    problems.push(...this.patternProblems(app, facts, destination));
    return problems;
  }

  /** Problems where nobody names the project's owners: the footprint rule. */
  private unmappedProblems(
    owners: string[],
    app: GitOpsApplication,
    facts: ProjectFacts,
    destination: ResolvedDestination | undefined,
    footprint: Footprint,
  ): TrustProblem[] {
    const problems: TrustProblem[] = [];
    const project = app.project || 'default';
    const who = owners.join(', ') || 'an entity without owners';
    if (!footprint.projects.has(project)) {
      problems.push({
        rule: 'project',
        reason: `project ${project} is mapped to no owner (gitops.projects, or the AppProject's gitops/owner annotation), and ${who} has no application in it yet`,
      });
    }
    if (
      destination &&
      !footprint.destinations.has(destinationKeyOf(destination))
    ) {
      problems.push({
        rule: 'destination',
        reason: `destination ${describeResolved(
          app,
          destination,
        )} is in no project mapped to an owner, and ${who} has no application there yet`,
      });
    }
    problems.push(...this.patternProblems(app, facts, destination));
    return problems;
  }

  /**
   * Where the project's lists refuse the destination (resolved, when it
   * is: compared by the cluster's server and names) or a repository.
   */
  private patternProblems(
    app: GitOpsApplication,
    facts: ProjectFacts,
    destination: ResolvedDestination | undefined,
  ): TrustProblem[] {
    const problems: TrustProblem[] = [];
    const project = app.project || 'default';
    const written = {
      server: app.destination?.server,
      name: app.destination?.name ?? app.clusterName,
      namespace: app.destination?.namespace,
    };
    for (const { from, patterns } of facts.destinations) {
      const allowed = destination
        ? resolvedDestinationAllowed(patterns, destination)
        : destinationAllowed(patterns, written);
      if (!allowed) {
        problems.push({
          rule: 'destination',
          reason: `destination ${describeDestination(
            app,
          )} is not one ${from} of project ${project} allows`,
        });
      }
    }
    for (const repo of repositoriesOf(app)) {
      for (const { from, patterns } of facts.sourceRepos) {
        if (!patternsAllow(patterns, repo)) {
          problems.push({
            rule: 'repository',
            reason: `repository ${repo} is not a source ${from} of project ${project} allows`,
          });
        }
      }
    }
    return problems;
  }

  /** The projects and destinations where `owners` run applications already. */
  private async footprint(
    agentId: string,
    owners: string[],
    view: AgentView,
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
    const { items } = await this.services.catalog.getEntities(
      {
        filter: [
          { 'relations.ownedBy': owners },
          { 'spec.owner': [...new Set(written)] },
        ],
        fields: CLAIM_FIELDS,
      },
      { credentials: await this.services.auth.getOwnServiceCredentials() },
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
          await this.services.fleet.entityApplications({
            ...query,
            agents: [agentId],
          })
        ).items;
      } catch {
        continue; // a malformed selector selects nothing
      }
      for (const app of apps) {
        footprint.projects.add(app.project || 'default');
        for (const key of destinationKey(app, view.clusters)) {
          footprint.destinations.add(key);
        }
      }
    }
    return footprint;
  }
}
