import { LoggerService } from '@backstage/backend-plugin-api';
import {
  Entity,
  RELATION_DEPENDENCY_OF,
  RELATION_DEPENDS_ON,
  getCompoundEntityRef,
} from '@backstage/catalog-model';
import {
  CatalogProcessor,
  CatalogProcessorEmit,
  processingResult,
} from '@backstage/plugin-catalog-node';
import { LocationSpec } from '@backstage/plugin-catalog-common';
import {
  GitOpsApplication,
  createApplicationMatcher,
  getGitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsApiReader } from '../api/GitOpsApiReader';
import { environmentEntityName } from '../provider/GitOpsEntityProvider';

/** What the processor reads from the gitops backend. */
interface Fleet {
  applications: GitOpsApplication[];
  /** The configured environments, the ones the provider emits entities for. */
  environments: Set<string>;
}

/** How long one read of the fleet's applications serves all entities. */
const DEFAULT_TTL_MS = 60_000;

/**
 * Relates GitOps-annotated Components to the environment Resources they are
 * deployed to (`dependsOn` / `dependencyOf`), as the fleet's applications
 * show. The fleet is read once per TTL and shared by every entity; when the
 * read fails the processor adds nothing and logs.
 * @public
 */
export class GitOpsEnvironmentProcessor implements CatalogProcessor {
  private readonly reader: GitOpsApiReader;
  private readonly logger: LoggerService;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private cached?: {
    at: number;
    fleet: Promise<Fleet | undefined>;
  };

  constructor(options: {
    reader: GitOpsApiReader;
    logger: LoggerService;
    ttlMs?: number;
    now?: () => number;
  }) {
    this.reader = options.reader;
    this.logger = options.logger.child({
      target: 'GitOpsEnvironmentProcessor',
    });
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  getProcessorName(): string {
    return 'GitOpsEnvironmentProcessor';
  }

  async postProcessEntity(
    entity: Entity,
    _location: LocationSpec,
    emit: CatalogProcessorEmit,
  ): Promise<Entity> {
    if (entity.kind.toLocaleLowerCase('en-US') !== 'component') {
      return entity;
    }
    let matches: ReturnType<typeof createApplicationMatcher>;
    try {
      const query = getGitOpsEntityQuery(entity);
      if (!query) return entity;
      matches = createApplicationMatcher(query);
    } catch (error) {
      // A malformed annotation is reported by the gitops backend's routes;
      // here it only means there is nothing to relate.
      this.logger.debug(`Skipping GitOps environments: ${error}`);
      return entity;
    }
    const fleet = await this.fleet();
    if (!fleet) return entity;

    // Only environments that exist as Resource entities: an application of
    // an unconfigured environment would point at nothing.
    const environments = new Set(
      fleet.applications
        .filter(app => fleet.environments.has(app.environment) && matches(app))
        .map(app => app.environment),
    );
    const self = getCompoundEntityRef(entity);
    for (const environment of [...environments].sort()) {
      const target = {
        kind: 'Resource',
        namespace: 'default',
        name: environmentEntityName(environment),
      };
      emit(
        processingResult.relation({
          source: self,
          type: RELATION_DEPENDS_ON,
          target,
        }),
      );
      emit(
        processingResult.relation({
          source: target,
          type: RELATION_DEPENDENCY_OF,
          target: self,
        }),
      );
    }
    return entity;
  }

  /** The fleet, read at most once per TTL; undefined on failure. */
  private fleet(): Promise<Fleet | undefined> {
    const now = this.now();
    if (!this.cached || now - this.cached.at >= this.ttlMs) {
      const fleet = Promise.all([
        this.reader.applications(),
        this.reader.environments(),
      ]).then(
        ([applications, environments]) => ({
          applications: applications.items,
          environments: new Set(environments.map(env => env.name)),
        }),
        error => {
          this.logger.warn(
            `Could not read GitOps applications; adding no environment relations: ${error}`,
          );
          // Retry on the next entity rather than caching the failure.
          this.cached = undefined;
          return undefined;
        },
      );
      this.cached = { at: now, fleet };
    }
    return this.cached.fleet;
  }
}
