import {
  AuditorService,
  AuthService,
  HttpAuthService,
  LoggerService,
  PermissionsService,
  BackstageCredentials,
  BackstageUserPrincipal,
  BackstageServicePrincipal,
} from '@backstage/backend-plugin-api';
import { CatalogService } from '@backstage/plugin-catalog-node';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import {
  CompoundEntityRef,
  Entity,
  parseEntityRef,
  stringifyEntityRef,
} from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import {
  AuthorizeResult,
  BasicPermission,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  EnvironmentDefinition,
  GitOpsEntityQuery,
} from '@gitops-suite/plugin-gitops-common';
import { ApplicationAggregator } from '../aggregation/ApplicationAggregator';
import { AuditStore } from '../audit/AuditStore';
import { OperationRunner } from '../operations/OperationRunner';
import { CachedEntityLookup } from '../catalog/CachedEntityLookup';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { scrubbedJson } from '../scrubbing/scrubbedJson';
import { scrubSecrets } from '../scrubbing/scrubSecrets';
import { DeploymentTrust } from '../trust/DeploymentTrust';
import { WriteAuthorization } from '../trust/WriteAuthorization';
import type { LogLimits } from '../config/readGitOpsConfig';
import type { PullRequestHost } from './PullRequestHost';
import type { AgentUserIdentity } from '../identity/AgentUserIdentity';

type Principal = BackstageUserPrincipal | BackstageServicePrincipal;

/**
 * The service layer routes and actions both call: its dependencies, named,
 * and the checks every read and operation shares. It knows nothing of
 * HTTP; each call takes the caller's credentials.
 */
export class GitOpsService {
  constructor(
    readonly deps: {
      httpAuth: HttpAuthService;
      auth: AuthService;
      permissions: PermissionsService;
      /** Backstage's auditor: the proxy's reads are low-severity events. */
      auditor: AuditorService;
      catalog: CatalogService;
      /** The entity -> query lookup, kept briefly per caller. */
      entityLookup: CachedEntityLookup;
      logger: LoggerService;
      registry: ProviderRegistry;
      aggregator: ApplicationAggregator;
      store: AuditStore;
      runner: OperationRunner;
      /** Who may deploy and operate where (projects, destinations). */
      trust: DeploymentTrust;
      /** The one decision every write to an agent or a repository takes. */
      writes: WriteAuthorization;
      /** Who an operation reaches an agent as (the user, where configured). */
      userIdentity: AgentUserIdentity;
      environments: EnvironmentDefinition[];
      extraProxyPaths: RegExp[];
      /** Where a resource's logs stream is cut (size, time). */
      logLimits: LogLimits;
      knownSecrets: string[];
      /** The GitOps repositories' pull requests, through the GitHub integrations. */
      pullRequests: PullRequestHost;
    },
  ) {}

  /**
   * The actor recorded in the audit log: a user's entity ref or
   * `service:<subject>`; anyone else may not operate.
   */
  actor(credentials: BackstageCredentials): string {
    const principal = credentials.principal as Partial<Principal>;
    if (principal.type === 'user' && principal.userEntityRef) {
      return principal.userEntityRef;
    }
    if (principal.type === 'service' && principal.subject) {
      return `service:${principal.subject}`;
    }
    throw new NotAllowedError(
      'Operations need a signed-in user or a backend service',
    );
  }

  async authorize(
    credentials: BackstageCredentials,
    permission: BasicPermission,
  ): Promise<void> {
    const [decision] = await this.deps.permissions.authorize([{ permission }], {
      credentials,
    });
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(`Not allowed: ${permission.name}`);
    }
  }

  /** Entity-scoped check: anything but an explicit allow is a denial. */
  async authorizeEntity(
    credentials: BackstageCredentials,
    permission: ResourcePermission<'catalog-entity'>,
    entityRef: string,
  ): Promise<void> {
    const [decision] = await this.deps.permissions.authorize(
      [{ permission, resourceRef: entityRef }],
      { credentials },
    );
    if (decision.result !== AuthorizeResult.ALLOW) {
      throw new NotAllowedError(
        `Not allowed: ${permission.name} on ${entityRef}`,
      );
    }
  }

  /** The entity (as the caller may see it in the catalog) and the GitOps
   * query its annotations describe. */
  async entityByRef(
    ref: CompoundEntityRef,
    credentials: BackstageCredentials,
  ): Promise<{ entity: Entity; entityRef: string; query: GitOpsEntityQuery }> {
    const entityRef = stringifyEntityRef(ref);
    const found = await this.deps.entityLookup.get(entityRef, credentials);
    if (!found) {
      throw new NotFoundError(`Entity ${entityRef} was not found`);
    }
    const { entity, query } = found;
    if (!query) {
      throw new NotFoundError(
        `Entity ${entityRef} has no GitOps annotations: add gitops/service, gitops/app-selector, gitops/app-name or gitops/applicationset (argocd/app-name and argocd/app-selector work too)`,
      );
    }
    return { entity, entityRef, query };
  }

  /**
   * The full ref of an entity the caller can see in the catalog, from a ref
   * given in a request body (kind required, namespace `default` if absent).
   */
  async visibleEntityRef(
    ref: string,
    credentials: BackstageCredentials,
  ): Promise<string> {
    let entityRef: string;
    try {
      entityRef = stringifyEntityRef(parseEntityRef(ref));
    } catch (error) {
      throw new InputError(
        `entityRef '${ref}' is not an entity ref (kind:namespace/name): ${
          (error as Error).message
        }`,
      );
    }
    const entity = await this.deps.catalog.getEntityByRef(entityRef, {
      credentials,
    });
    if (!entity) {
      throw new NotFoundError(`Entity ${entityRef} was not found`);
    }
    return entityRef;
  }

  /** A copy of `body` with every secret scrubbed out. */
  scrub<T>(body: T): T {
    return scrubSecrets(body, this.deps.knownSecrets);
  }

  /** The JSON of `body` with every secret scrubbed, as UTF-8 (see `scrubbedJson`). */
  json(body: unknown): Buffer {
    return scrubbedJson(body, this.deps.knownSecrets);
  }
}
