import {
  AuthService,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  AuthorizeResult,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { ApplicationAggregator } from '../aggregation/ApplicationAggregator';
import { DeploymentTrust } from './DeploymentTrust';
import { entityOwners } from './entityOwners';
import { applicationsTouched, repositoryKey } from './repositoryWrites';

/**
 * What a write changes, as the one decision sees it:
 * - `application`: an operation on one application (refresh, sync,
 *   rollback, terminate, a resource action);
 * - `generated`: an ApplicationSet's applications, those it would generate
 *   and those it runs now (create, update, preview, delete);
 * - `repository`: files of a Git repository (a pull request opened or
 *   merged, a template's git write); `paths` are the changed files, all of
 *   the repository when not known yet; `deployed` asks that the entity's
 *   owners already deploy from it (a promotion edits an existing
 *   deployment, it never starts one).
 */
export type WriteTouch =
  | { type: 'application'; application: GitOpsApplication }
  | {
      type: 'generated';
      agentId: string;
      applications: GitOpsApplication[];
      current?: GitOpsApplication[];
    }
  | {
      type: 'repository';
      repoUrl: string;
      paths?: string[];
      deployed?: boolean;
    };

/** One write, asked of the one decision. */
export interface WriteQuestion {
  credentials: BackstageCredentials;
  /** The catalog entity the write is made for; its owners are who deploy. */
  entityRef: string;
  /** The entity permission the write needs (`gitops.application.sync`...). */
  permission: ResourcePermission<'catalog-entity'>;
  touches: WriteTouch[];
}

/** One reason a write is refused: which application or repository, and why. */
export interface WriteReason {
  subject: string;
  reason: string;
  /** The application it is about, where it is about one. */
  application?: string;
}

/** The answer: allowed, or refused with every reason. */
export interface WriteDecision {
  result: 'allow' | 'deny';
  /** Whether the caller holds the permission on the entity (checked first). */
  permitted: boolean;
  entityRef: string;
  owners: string[];
  reasons: WriteReason[];
}

/**
 * The one authorization decision for every write to an agent or a
 * repository, whether a route, an action, MCP or a scaffolder step asks:
 * the caller holds the write's permission on the entity, and everything the
 * write touches (applications, by their project, destination and source
 * repositories; the applications a repository's changed paths deploy)
 * belongs to that entity's owners by agent-side facts (see
 * {@link DeploymentTrust}). A catalog claim never grants a write: the
 * owners decide, not what the entity's annotations select.
 */
export class WriteAuthorization {
  constructor(
    private readonly deps: {
      permissions: PermissionsService;
      catalog: CatalogService;
      auth: AuthService;
      aggregator: ApplicationAggregator;
      trust: DeploymentTrust;
    },
  ) {}

  /** Decides a write; never throws for a refusal (see {@link assert}). */
  async decide(question: WriteQuestion): Promise<WriteDecision> {
    const { credentials, entityRef, permission, touches } = question;
    const [permitted] = await this.deps.permissions.authorize(
      [{ permission, resourceRef: entityRef }],
      { credentials },
    );
    if (permitted.result !== AuthorizeResult.ALLOW) {
      return {
        result: 'deny',
        permitted: false,
        entityRef,
        owners: [],
        reasons: [
          { subject: entityRef, reason: `${permission.name} is not granted` },
        ],
      };
    }
    const owners = await this.ownersOf(entityRef);
    const reasons: WriteReason[] = [];
    for (const touch of touches) {
      reasons.push(...(await this.touchReasons(owners, touch)));
    }
    return {
      result: reasons.length ? 'deny' : 'allow',
      permitted: true,
      entityRef,
      owners,
      reasons,
    };
  }

  /** Decides a write and refuses it (403) naming every reason. */
  async assert(question: WriteQuestion): Promise<WriteDecision> {
    const decision = await this.decide(question);
    if (decision.result === 'deny') throw refusal(question, decision);
    return decision;
  }

  /**
   * The entities that claim an existing ApplicationSet and whose owners
   * may operate every application it runs now: a claim by an entity whose
   * owners could not operate them (anyone may register an entity whose
   * annotations claim another team's set) is no claim, so it never makes
   * its author someone the real owners need permission from.
   */
  async legitimateClaimants(
    claimants: string[],
    current: GitOpsApplication[],
  ): Promise<string[]> {
    const legitimate: string[] = [];
    for (const claimant of claimants) {
      const owners = await this.ownersOf(claimant);
      let operable = true;
      for (const app of current) {
        if ((await this.deps.trust.operationProblems(owners, app)).length) {
          operable = false;
          break;
        }
      }
      if (operable) legitimate.push(claimant);
    }
    return legitimate;
  }

  /** The owners of an entity as the catalog has it (the plugin's own credentials). */
  async ownersOf(entityRef: string): Promise<string[]> {
    const entity = await this.deps.catalog.getEntityByRef(entityRef, {
      credentials: await this.deps.auth.getOwnServiceCredentials(),
    });
    return entity ? entityOwners(entity) : [];
  }

  private async touchReasons(
    owners: string[],
    touch: WriteTouch,
  ): Promise<WriteReason[]> {
    const { trust } = this.deps;
    switch (touch.type) {
      case 'application':
        return (await trust.operationProblems(owners, touch.application)).map(
          reason => ({
            subject: describeApplication(touch.application),
            reason,
            application: touch.application.name,
          }),
        );
      case 'generated': {
        const generated = await trust.generatedViolations(
          touch.agentId,
          owners,
          touch.applications,
        );
        const now: WriteReason[] = [];
        for (const app of touch.current ?? []) {
          for (const reason of await trust.operationProblems(owners, app)) {
            now.push({
              subject: `application ${app.name}`,
              reason: `(now) ${reason}`,
              application: app.name,
            });
          }
        }
        return [
          ...generated.map(v => ({
            subject: `application ${v.application}`,
            reason: v.reason,
            application: v.application,
          })),
          ...now,
        ];
      }
      default:
        return this.repositoryReasons(owners, touch);
    }
  }

  /**
   * Git writes are deploy writes: every application the changed paths
   * deploy must be the owners' to operate; an agent whose applications
   * cannot be read now leaves what the change deploys unknown (refused).
   */
  private async repositoryReasons(
    owners: string[],
    touch: Extract<WriteTouch, { type: 'repository' }>,
  ): Promise<WriteReason[]> {
    const subject = `repository ${touch.repoUrl}`;
    if (!repositoryKey(touch.repoUrl)) {
      return [{ subject, reason: 'it is not a repository URL' }];
    }
    const fleet = await this.deps.aggregator.fleetApplications();
    const reasons: WriteReason[] = fleet.errors.map(error => ({
      subject,
      reason: `agent ${error.agentId} cannot be read now, so what the change deploys there is unknown: ${error.message}`,
    }));
    const touched = applicationsTouched(
      fleet.items,
      touch.repoUrl,
      touch.paths,
    );
    for (const app of touched) {
      for (const reason of await this.deps.trust.operationProblems(
        owners,
        app,
        { unmapped: 'refuse' },
      )) {
        reasons.push({
          subject: `${describeApplication(app)}, which deploys ${
            touch.paths ? 'the changed files of' : ''
          } ${touch.repoUrl},`.replace('  ', ' '),
          reason,
        });
      }
    }
    // a changed file outside every application's path touches them all:
    // nothing touched means nothing deploys from the repository
    if (touch.deployed && touched.length === 0) {
      reasons.push({
        subject,
        reason: `no application deploys from it, so it is no deployment of ${
          owners.join(', ') || 'an entity without owners'
        }`,
      });
    }
    return reasons;
  }
}

function describeApplication(app: GitOpsApplication): string {
  return `application ${app.name} on agent ${app.agentId}`;
}

/**
 * The 403 of a refused write: the permission and entity, then each subject
 * (an application, a repository) with its reasons.
 */
function refusal(
  question: WriteQuestion,
  decision: WriteDecision,
): NotAllowedError {
  const { permission, entityRef } = question;
  const head = `Not allowed: ${permission.name} on ${entityRef}`;
  if (!decision.permitted) return new NotAllowedError(head);
  const bySubject = new Map<string, string[]>();
  for (const { subject, reason } of decision.reasons) {
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), reason]);
  }
  return new NotAllowedError(
    `${head}: ${[...bySubject]
      .map(
        ([subject, reasons]) =>
          `${subject} does not belong to its owners: ${reasons.join('; ')}`,
      )
      .join('; ')}`,
  );
}
