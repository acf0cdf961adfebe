import {
  AuthService,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import { CatalogService } from '@backstage/plugin-catalog-node';
import {
  AuthorizeResult,
  PolicyDecision,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  gitopsDeployTargetWritePermission,
  GitOpsApplication,
  RESOURCE_TYPE_GITOPS_DEPLOY_TARGET,
} from '@gitops-suite/plugin-gitops-common';
import { FleetView } from '../fleet/FleetView';
import { defaultDeployTargetCriteria } from '../permissions/conditionExports';
import { GitOpsDeployTarget } from '../permissions/deployTargetResource';
import type { DeployTargetAuthorizer } from '../permissions/registerDeployTargets';
import { DeploymentTrust, TrustProblem } from './DeploymentTrust';
import { entityOwners } from './entityOwners';
import { findApplicationSetClaimants } from './claimingEntities';
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

/** A deploy target the write touches, named for the reasons. */
interface Touched {
  subject: string;
  target: GitOpsDeployTarget;
}

/**
 * The one authorization decision for every write to an agent or a
 * repository, whether a route, an action, MCP or a scaffolder step asks:
 * - the caller holds the write's permission on the entity;
 * - every application the write touches (operated, generated or run by an
 *   ApplicationSet, deployed from a repository's changed paths) is a deploy
 *   target the permission policy's decision on `gitops.deploytarget.write`
 *   allows. An unconditional allow means the trust model's rules
 *   (`defaultDeployTargetCriteria`: project, destination and repositories
 *   the entity's owners may use, no claim on another team's entity, by
 *   agent-side facts; see {@link DeploymentTrust}); a conditional decision
 *   over the same rules tightens them or grants exceptions; a deny refuses.
 *
 * A catalog claim never grants a write: the owners decide, not what the
 * entity's annotations select.
 */
export class WriteAuthorization {
  constructor(
    private readonly services: {
      permissions: PermissionsService;
      catalog: CatalogService;
      auth: AuthService;
      fleet: FleetView;
      trust: DeploymentTrust;
      deployTargets: DeployTargetAuthorizer;
    },
  ) {}

  /** Decides a write; never throws for a refusal (see {@link assert}). */
  async decide(question: WriteQuestion): Promise<WriteDecision> {
    const { credentials, entityRef, permission, touches } = question;
    const [permitted] = await this.services.permissions.authorize(
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
    const touched: Touched[] = [];
    for (const touch of touches) {
      const found = await this.touchedBy(entityRef, owners, touch);
      reasons.push(...found.reasons);
      touched.push(...found.touched);
    }
    reasons.push(...(await this.policyReasons(credentials, touched)));
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
  async applicationSetClaimants(
    set: { agentId: string; name: string },
    current: GitOpsApplication[],
  ): Promise<string[]> {
    const claimants = await findApplicationSetClaimants({
      catalog: this.services.catalog,
      credentials: await this.services.auth.getOwnServiceCredentials(),
      set,
      generated: current,
    });
    const legitimate: string[] = [];
    for (const claimant of claimants) {
      const owners = await this.ownersOf(claimant);
      let operable = true;
      for (const app of current) {
        if ((await this.services.trust.operationProblems(owners, app)).length) {
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
    const entity = await this.services.catalog.getEntityByRef(entityRef, {
      credentials: await this.services.auth.getOwnServiceCredentials(),
    });
    return entity ? entityOwners(entity) : [];
  }

  /**
   * The policy's decision on `gitops.deploytarget.write`, asked once, and
   * applied to every target: a target it refuses is refused with the trust
   * model's problems (or, where the policy is stricter, with that).
   */
  private async policyReasons(
    credentials: BackstageCredentials,
    touched: Touched[],
  ): Promise<WriteReason[]> {
    if (touched.length === 0) return [];
    const [answer] = await this.services.permissions.authorizeConditional(
      [{ permission: gitopsDeployTargetWritePermission }],
      { credentials },
    );
    const decision: PolicyDecision =
      answer.result === AuthorizeResult.ALLOW
        ? {
            result: AuthorizeResult.CONDITIONAL,
            pluginId: 'gitops',
            resourceType: RESOURCE_TYPE_GITOPS_DEPLOY_TARGET,
            conditions: defaultDeployTargetCriteria(),
          }
        : answer;
    const reasons: WriteReason[] = [];
    for (const { subject, target } of touched) {
      if (this.services.deployTargets(decision, target)) continue;
      const problems: TrustProblem[] =
        decision.result === AuthorizeResult.DENY || !target.problems.length
          ? [
              {
                rule: 'project',
                reason: `the permission policy does not grant ${gitopsDeployTargetWritePermission.name} on it`,
              },
            ]
          : target.problems;
      for (const { reason } of problems) {
        reasons.push({ subject, reason, application: target.application });
      }
    }
    return reasons;
  }

  /** The deploy targets a touch reaches, and what refuses it outright. */
  private async touchedBy(
    entityRef: string,
    owners: string[],
    touch: WriteTouch,
  ): Promise<{ touched: Touched[]; reasons: WriteReason[] }> {
    const { trust } = this.services;
    const target = (app: GitOpsApplication, problems: TrustProblem[]) =>
      deployTarget(entityRef, owners, app, problems);
    switch (touch.type) {
      case 'application': {
        const app = touch.application;
        const problems = await trust.operationProblems(owners, app);
        return {
          touched: [
            {
              subject: describeApplication(app),
              target: target(app, problems),
            },
          ],
          reasons: [],
        };
      }
      case 'generated': {
        const violations = await trust.generatedViolations(
          touch.agentId,
          owners,
          touch.applications,
        );
        const touched = touch.applications.map(app => ({
          subject: `application ${app.name}`,
          target: target(
            app,
            violations.filter(v => v.application === app.name),
          ),
        }));
        for (const app of touch.current ?? []) {
          const problems = await trust.operationProblems(owners, app);
          touched.push({
            subject: `application ${app.name}`,
            target: target(
              app,
              problems.map(p => ({ ...p, reason: `(now) ${p.reason}` })),
            ),
          });
        }
        return { touched, reasons: [] };
      }
      default:
        return this.repositoryTouched(entityRef, owners, touch);
    }
  }

  /**
   * Git writes are deploy writes: every application the changed paths
   * deploy is a target (a project nobody maps is refused: no claim widens
   * a git write); an agent whose applications cannot be read now leaves
   * what the change deploys unknown (refused).
   */
  private async repositoryTouched(
    entityRef: string,
    owners: string[],
    touch: Extract<WriteTouch, { type: 'repository' }>,
  ): Promise<{ touched: Touched[]; reasons: WriteReason[] }> {
    const subject = `repository ${touch.repoUrl}`;
    if (!repositoryKey(touch.repoUrl)) {
      return {
        touched: [],
        reasons: [{ subject, reason: 'it is not a repository URL' }],
      };
    }
    const fleet = await this.services.fleet.fleetApplications();
    const reasons: WriteReason[] = fleet.errors.map(error => ({
      subject,
      reason: `agent ${error.agentId} cannot be read now, so what the change deploys there is unknown: ${error.message}`,
    }));
    const apps = applicationsTouched(fleet.items, touch.repoUrl, touch.paths);
    const touched: Touched[] = [];
    for (const app of apps) {
      const problems = await this.services.trust.operationProblems(owners, app, {
        unmapped: 'refuse',
      });
      touched.push({
        subject: `${describeApplication(app)}, which deploys ${
          touch.paths ? 'the changed files of ' : ''
        }${touch.repoUrl},`,
        target: deployTarget(entityRef, owners, app, problems),
      });
    }
    // a changed file outside every application's path touches them all:
    // nothing touched means nothing deploys from the repository
    if (touch.deployed && apps.length === 0) {
      reasons.push({
        subject,
        reason: `no application deploys from it, so it is no deployment of ${
          owners.join(', ') || 'an entity without owners'
        }`,
      });
    }
    return { touched, reasons };
  }
}

function deployTarget(
  entityRef: string,
  owners: string[],
  app: GitOpsApplication,
  problems: TrustProblem[],
): GitOpsDeployTarget {
  return {
    agentId: app.agentId,
    application: app.name,
    project: app.project || 'default',
    destination: {
      ...(app.destination?.server && { server: app.destination.server }),
      ...((app.destination?.name ?? app.clusterName) && {
        name: app.destination?.name ?? app.clusterName,
      }),
      ...(app.destination?.namespace && {
        namespace: app.destination.namespace,
      }),
    },
    repositories: [
      ...new Set((app.sources ?? []).map(s => s.repoURL).filter(Boolean)),
    ] as string[],
    entityRef,
    owners,
    problems: problems.map(({ rule, reason }) => ({ rule, reason })),
  };
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
  const bySubject = new Map<string, WriteReason[]>();
  for (const reason of decision.reasons) {
    bySubject.set(reason.subject, [
      ...(bySubject.get(reason.subject) ?? []),
      reason,
    ]);
  }
  return new NotAllowedError(
    `${head}: ${[...bySubject]
      .map(([subject, reasons]) => {
        const why = reasons.map(r => r.reason).join('; ');
        return reasons[0].application
          ? `${subject} does not belong to its owners: ${why}`
          : `${subject}: ${why}`;
      })
      .join('; ')}`,
  );
}
