import { createHash } from 'node:crypto';
import {
  LoggerService,
  SchedulerService,
  SchedulerServiceTaskRunner,
  SchedulerServiceTaskScheduleDefinition,
  readSchedulerServiceTaskScheduleDefinitionFromConfig,
} from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import { Entity } from '@backstage/catalog-model';
import {
  EntityProvider,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import type { GitOpsCluster } from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentItem,
  GitOpsApiReader,
  GitOpsEnvironmentItem,
} from '../api/GitOpsApiReader';
import { locationAnnotations } from '../locationAnnotations';
import { toEntityName } from './entityNames';

/** The provider's name, also its location key. */
export const GITOPS_ENTITY_PROVIDER_NAME = 'gitops-entity-provider';

/**
 * Annotations the provider puts on the entities it emits.
 * @public
 */
export const GITOPS_RESOURCE_ANNOTATIONS = {
  environment: 'gitops/environment',
  environmentOrder: 'gitops/environment-order',
  production: 'gitops/production',
  cluster: 'gitops/cluster',
  clusterServer: 'gitops/cluster-server',
  agent: 'gitops/agent',
  agentKind: 'gitops/agent-kind',
  agentVersion: 'gitops/agent-version',
  connectionState: 'gitops/connection-state',
  connectionMessage: 'gitops/connection-message',
  region: 'gitops/region',
  originalName: 'gitops/original-name',
  stale: 'gitops/stale',
} as const;

const A = GITOPS_RESOURCE_ANNOTATIONS;

/** The default owner of the emitted entities. */
export const DEFAULT_GITOPS_OWNER = 'group:default/platform-team';

const DEFAULT_SCHEDULE: SchedulerServiceTaskScheduleDefinition = {
  frequency: { minutes: 5 },
  timeout: { minutes: 3 },
};

/** The catalog entity name of an environment. */
export function environmentEntityName(environment: string): string {
  return toEntityName(environment);
}

/** The catalog entity name of an agent. */
export function agentEntityName(agentId: string): string {
  return toEntityName(`gitops-agent-${agentId}`);
}

/** The catalog entity name of a cluster (cluster names repeat across agents). */
export function clusterEntityName(agentId: string, cluster: string): string {
  return toEntityName(`${agentId}-${cluster}`);
}

/**
 * A cluster name several agents use (every agent's local cluster is
 * `in-cluster`) gets its agent in the title, so the catalog tells them apart.
 */
function titledByAgent(entities: Entity[]): Entity[] {
  const agentsOf = new Map<string, Set<string>>();
  for (const e of entities) {
    const name = e.metadata.annotations?.[A.cluster] ?? '';
    const agents = agentsOf.get(name) ?? new Set<string>();
    agents.add(e.metadata.annotations?.[A.agent] ?? '');
    agentsOf.set(name, agents);
  }
  return entities.map(entity => {
    const annotations = entity.metadata.annotations ?? {};
    const name = annotations[A.cluster] ?? '';
    if ((agentsOf.get(name)?.size ?? 0) < 2) return entity;
    return {
      ...entity,
      metadata: {
        ...entity.metadata,
        title: `${name} (agent ${annotations[A.agent]})`,
      },
    };
  });
}

/**
 * Two clusters whose names normalize alike (`EU` and `eu`) would collide:
 * each one whose name was changed by normalization gets a short, stable
 * hash of its original name appended.
 */
function uniqueNames(entities: Entity[]): Entity[] {
  const counts = new Map<string, number>();
  for (const e of entities) {
    counts.set(e.metadata.name, (counts.get(e.metadata.name) ?? 0) + 1);
  }
  return entities.map(entity => {
    const { name, annotations } = entity.metadata;
    const original = `${annotations?.[A.agent]}-${
      annotations?.[A.originalName]
    }`;
    if ((counts.get(name) ?? 0) < 2 || original === name) {
      return entity;
    }
    const hash = createHash('sha256')
      .update(original)
      .digest('hex')
      .slice(0, 6);
    return {
      ...entity,
      metadata: {
        ...entity.metadata,
        name: `${name.slice(0, 56).replace(/[^a-z0-9]+$/, '')}-${hash}`,
      },
    };
  });
}

const resourceRef = (name: string) => `resource:default/${name}`;

function definedOnly(
  values: Record<string, string | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

/**
 * Emits the GitOps fleet as `Resource` entities: one per environment
 * (`spec.type: environment`), one per agent (`gitops-agent`) and one per
 * cluster behind an agent (`kubernetes-cluster`), read from the gitops
 * backend on a schedule and applied as a full mutation.
 *
 * When an agent is unreachable its clusters are not deleted: the last known
 * set is emitted again with `gitops/stale: "true"`.
 * @public
 */
export class GitOpsEntityProvider implements EntityProvider {
  private readonly reader: GitOpsApiReader;
  private readonly logger: LoggerService;
  private readonly owner: string;
  private readonly taskRunner?: SchedulerServiceTaskRunner;
  private connection?: EntityProviderConnection;
  /** The clusters of each agent from its last successful read. */
  private readonly lastClusters = new Map<string, GitOpsCluster[]>();

  static fromConfig(
    config: Config,
    options: {
      reader: GitOpsApiReader;
      logger: LoggerService;
      scheduler?: SchedulerService;
      schedule?: SchedulerServiceTaskRunner;
    },
  ): GitOpsEntityProvider {
    const providerConfig = config.getOptionalConfig('catalog.providers.gitops');
    const owner =
      providerConfig?.getOptionalString('owner') ?? DEFAULT_GITOPS_OWNER;
    let taskRunner = options.schedule;
    if (!taskRunner && options.scheduler) {
      const schedule = providerConfig?.has('schedule')
        ? readSchedulerServiceTaskScheduleDefinitionFromConfig(
            providerConfig.getConfig('schedule'),
          )
        : DEFAULT_SCHEDULE;
      taskRunner = options.scheduler.createScheduledTaskRunner(schedule);
    }
    return new GitOpsEntityProvider({
      reader: options.reader,
      logger: options.logger,
      owner,
      taskRunner,
    });
  }

  constructor(options: {
    reader: GitOpsApiReader;
    logger: LoggerService;
    owner?: string;
    taskRunner?: SchedulerServiceTaskRunner;
  }) {
    this.reader = options.reader;
    this.logger = options.logger.child({
      target: GITOPS_ENTITY_PROVIDER_NAME,
    });
    this.owner = options.owner ?? DEFAULT_GITOPS_OWNER;
    this.taskRunner = options.taskRunner;
  }

  getProviderName(): string {
    return GITOPS_ENTITY_PROVIDER_NAME;
  }

  async connect(connection: EntityProviderConnection): Promise<void> {
    this.connection = connection;
    await this.taskRunner?.run({
      id: `${GITOPS_ENTITY_PROVIDER_NAME}:refresh`,
      fn: async () => {
        try {
          await this.refresh();
        } catch (error) {
          this.logger.error(
            `Failed to read the GitOps fleet; keeping the catalog as it is: ${error}`,
          );
        }
      },
    });
  }

  /** Reads the fleet once and applies it as a full mutation. */
  async refresh(): Promise<void> {
    if (!this.connection) {
      throw new Error(`${GITOPS_ENTITY_PROVIDER_NAME} is not connected`);
    }
    const entities = await this.readEntities();
    await this.connection.applyMutation({
      type: 'full',
      entities: entities.map(entity => ({
        entity,
        locationKey: this.locationKey(),
      })),
    });
    this.logger.info(`Applied ${entities.length} GitOps entities`);
  }

  /** Reads the fleet and builds its entities (without applying them). */
  async readEntities(): Promise<Entity[]> {
    const [environments, agents, clusters] = await Promise.all([
      this.reader.environments(),
      this.reader.agents(),
      this.reader.clusters(),
    ]);
    const down = new Set([
      ...agents.errors.map(e => e.agentId),
      ...clusters.errors.map(e => e.agentId),
      ...agents.items
        .filter(agent => agent.status?.state !== 'connected')
        .map(agent => agent.id),
    ]);

    const clustersByAgent = new Map<string, GitOpsCluster[]>();
    for (const cluster of clusters.items) {
      const list = clustersByAgent.get(cluster.agentId) ?? [];
      list.push(cluster);
      clustersByAgent.set(cluster.agentId, list);
    }

    const clusterEntities: Entity[] = [];
    for (const agent of agents.items) {
      const fresh = clustersByAgent.get(agent.id);
      if (down.has(agent.id)) {
        // the backend may still hold the clusters it last read from the
        // agent; either way they are last known, not current
        const stale = fresh?.length
          ? fresh
          : this.lastClusters.get(agent.id) ?? [];
        this.lastClusters.set(agent.id, stale);
        if (stale.length) {
          this.logger.warn(
            `GitOps agent ${agent.id} is unreachable; keeping its ${stale.length} last known cluster(s) marked stale`,
          );
        }
        clusterEntities.push(...stale.map(c => this.clusterEntity(c, true)));
        continue;
      }
      this.lastClusters.set(agent.id, fresh ?? []);
      clusterEntities.push(...(fresh ?? []).map(c => this.clusterEntity(c)));
    }
    // Forget agents that are no longer configured.
    const known = new Set(agents.items.map(a => a.id));
    for (const id of [...this.lastClusters.keys()]) {
      if (!known.has(id)) this.lastClusters.delete(id);
    }

    return [
      ...[...environments]
        .sort((a, b) => a.order - b.order)
        .map(env => this.environmentEntity(env)),
      ...agents.items.map(agent => this.agentEntity(agent)),
      ...uniqueNames(titledByAgent(clusterEntities)),
    ];
  }

  private locationKey(): string {
    return `gitops-provider:${GITOPS_ENTITY_PROVIDER_NAME}`;
  }

  private entity(
    name: string,
    original: string,
    options: {
      title?: string;
      description?: string;
      type: string;
      annotations: Record<string, string | undefined>;
      links?: Array<{ url: string; title: string }>;
      dependsOn?: string[];
      dependencyOf?: string[];
    },
  ): Entity {
    const location = this.locationKey();
    return {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        name,
        namespace: 'default',
        ...(options.title && { title: options.title }),
        ...(options.description && { description: options.description }),
        annotations: definedOnly({
          ...locationAnnotations(location),
          [A.originalName]: original,
          ...options.annotations,
        }),
        ...(options.links?.length && { links: options.links }),
      },
      spec: {
        type: options.type,
        owner: this.owner,
        ...(options.dependsOn?.length && { dependsOn: options.dependsOn }),
        ...(options.dependencyOf?.length && {
          dependencyOf: options.dependencyOf,
        }),
      },
    };
  }

  private environmentEntity(env: GitOpsEnvironmentItem): Entity {
    return this.entity(environmentEntityName(env.name), env.name, {
      title: env.title ?? env.name,
      description: `GitOps environment ${env.name}`,
      type: 'environment',
      annotations: {
        [A.environment]: env.name,
        [A.environmentOrder]: String(env.order),
        [A.production]: String(Boolean(env.production)),
      },
    });
  }

  private agentEntity(agent: GitOpsAgentItem): Entity {
    const status = agent.status;
    return this.entity(agentEntityName(agent.id), agent.id, {
      title: agent.title ?? agent.id,
      description: `GitOps agent ${agent.id} (${agent.kind})`,
      type: 'gitops-agent',
      annotations: {
        [A.agent]: agent.id,
        [A.agentKind]: agent.kind,
        [A.agentVersion]: status?.version,
        [A.connectionState]: status?.state ?? 'error',
        [A.connectionMessage]: status?.message?.slice(0, 500),
        [A.region]: agent.region,
      },
      links: agent.uiUrl ? [{ url: agent.uiUrl, title: 'Agent UI' }] : [],
      dependencyOf: (agent.environments ?? []).map(env =>
        resourceRef(environmentEntityName(env)),
      ),
    });
  }

  private clusterEntity(cluster: GitOpsCluster, stale = false): Entity {
    return this.entity(
      clusterEntityName(cluster.agentId, cluster.name),
      cluster.name,
      {
        title: cluster.name,
        description: `Kubernetes cluster ${cluster.name} behind GitOps agent ${cluster.agentId}`,
        type: 'kubernetes-cluster',
        annotations: {
          [A.cluster]: cluster.name,
          [A.clusterServer]: cluster.server,
          [A.agent]: cluster.agentId,
          [A.region]: cluster.region,
          [A.environment]: cluster.environment,
          [A.connectionState]: cluster.connectionState?.status,
          [A.stale]: stale ? 'true' : undefined,
        },
        dependsOn: [resourceRef(agentEntityName(cluster.agentId))],
        dependencyOf: cluster.environment
          ? [resourceRef(environmentEntityName(cluster.environment))]
          : [],
      },
    );
  }
}
