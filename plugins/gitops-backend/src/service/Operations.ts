import {
  AuditorServiceCreateEventOptions,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { AuthenticationError, NotAllowedError } from '@backstage/errors';
import { ResourcePermission } from '@backstage/plugin-permission-common';
import {
  GitOpsApplication,
  OperationAction,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import { AgentUserIdentity } from '../identity/AgentUserIdentity';
import { OperationInput, OperationRunner } from '../operations/OperationRunner';
import {
  WriteAuthorization,
  WriteDecision,
  WriteQuestion,
} from '../trust/WriteAuthorization';
import { actorOf } from './actor';
import { ApplicationTarget, EntityApplication } from './applicationTarget';
import { EntityAccess } from './EntityAccess';

/** Who asks for an operation, and on what; `request` when it came over HTTP. */
export interface OperationCaller {
  credentials: BackstageCredentials;
  target: ApplicationTarget;
  request?: AuditorServiceCreateEventOptions['request'];
  /**
   * The user's OIDC ID token (`X-GitOps-User-Token`), for agents that
   * decide as the user; never logged or kept.
   */
  userToken?: string;
}

/** What an operation is, for its decision and its audit row. */
export interface OperationDecisionInput {
  action: OperationAction;
  permission: ResourcePermission<'catalog-entity'>;
  parameters: Record<string, unknown>;
}

/** One operation on an application: its decision, checks and agent call. */
export interface ApplicationOperation extends OperationDecisionInput {
  /**
   * Refuses (409) what the agent is known to refuse, before any audit row,
   * given the application as the agent has it now.
   */
  precheck?: (app: GitOpsApplication) => void;
  /**
   * Refuses, before any audit row, what the agent would refuse, asking it
   * (the actions a resource offers, say).
   */
  prepare?: (provider: GitOpsProvider, ref: ApplicationRef) => Promise<void>;
  /** `options.user` is who the agent decides the call as, where it does. */
  call: (
    provider: GitOpsProvider,
    ref: ApplicationRef,
    options: ProviderCallOptions,
  ) => Promise<GitOpsApplication>;
}

/**
 * Every write, decided in one place and audited: the one write decision
 * (permission, owners, trust, policy), who the agent decides a call as, the
 * audited run, and the re-read of what it changed (the only writer to the
 * fleet state apart from the feeders).
 */
export class Operations {
  constructor(
    private readonly options: {
      access: EntityAccess;
      writes: WriteAuthorization;
      runner: OperationRunner;
      /** Who an operation reaches an agent as (the user, where configured). */
      userIdentity: AgentUserIdentity;
    },
  ) {}

  /** Decides a write; never throws for a refusal (see {@link assertWrite}). */
  decideWrite(question: WriteQuestion): Promise<WriteDecision> {
    return this.options.writes.decide(question);
  }

  /** Decides a write and refuses it (403) naming every reason. */
  assertWrite(question: WriteQuestion): Promise<WriteDecision> {
    return this.options.writes.assert(question);
  }

  /**
   * The entities claiming an existing ApplicationSet whose owners may
   * operate every application it runs now (`WriteAuthorization`).
   */
  applicationSetClaimants(
    set: { agentId: string; name: string },
    current: GitOpsApplication[],
  ): Promise<string[]> {
    return this.options.writes.applicationSetClaimants(set, current);
  }

  /**
   * Runs `call` as one audited operation: the row is written first,
   * completed after, and the application re-read (`OperationRunner`).
   */
  audited<T>(
    input: OperationInput,
    request: AuditorServiceCreateEventOptions['request'],
    call: () => Promise<T>,
  ): Promise<{ auditId: string; result: T }> {
    return this.options.runner.run(input, request, call);
  }

  /** Records a write the portal refused before calling anyone. */
  refused(
    input: OperationInput,
    request: AuditorServiceCreateEventOptions['request'],
    error: Error,
  ): Promise<void> {
    return this.options.runner.refused(input, request, error);
  }

  /**
   * Finds the caller's application and decides the operation on it: the
   * permission on the entity, then the one write decision on the
   * application (its project and destination belong to the entity's
   * owners), and, with `asUser`, who the agent decides the call as. A
   * refusal is recorded in the audit (unless `auditRefusal` is false: a dry
   * run that changes nothing).
   */
  async authorize(
    caller: OperationCaller,
    operation: OperationDecisionInput,
    options: { asUser?: boolean; auditRefusal?: boolean } = {},
  ): Promise<EntityApplication & { user?: ProviderCallOptions['user'] }> {
    const { credentials, target, request } = caller;
    const { access, writes, userIdentity } = this.options;
    // the application, once found: a refusal is recorded on it (its own
    // namespace, not only what the caller named)
    let found: GitOpsApplication | undefined;
    try {
      const entityApp = await access.resolve(
        credentials,
        target,
        operation.permission,
      );
      found = entityApp.app;
      // the user may act on the entity; the application's project and
      // destination must belong to that entity's owners too
      await writes.assert({
        credentials,
        entityRef: entityApp.entityRef,
        permission: operation.permission,
        touches: [{ type: 'application', application: entityApp.app }],
      });
      // where the agent decides as the user, it gets the user, never the
      // shared credential in their place
      const user = options.asUser
        ? await userIdentity.forOperation(
            credentials,
            entityApp.app.agentId,
            caller.userToken,
          )
        : undefined;
      return { ...entityApp, user };
    } catch (error) {
      // a refusal is decided here, once: it goes in the events as well
      if (
        options.auditRefusal !== false &&
        (error instanceof NotAllowedError ||
          error instanceof AuthenticationError)
      ) {
        await this.refused(
          {
            actor: actorOf(credentials),
            entityRef: stringifyEntityRef(target.entityRef),
            agentId: target.agentId,
            application: found?.name ?? target.name,
            appNamespace: found ? found.namespace : target.namespace,
            action: operation.action,
            parameters: operation.parameters,
          },
          request,
          error,
        );
      }
      throw error;
    }
  }

  /** Resolves, checks (permission, trust, precheck) and runs one audited operation. */
  async run(
    caller: OperationCaller,
    operation: ApplicationOperation,
  ): Promise<{ auditId: string; application: GitOpsApplication }> {
    const { credentials, request } = caller;
    const { entityRef, provider, app, ref, user } = await this.authorize(
      caller,
      operation,
      { asUser: true },
    );
    if (operation.precheck) {
      // the agent's current state, not a list read a moment ago
      operation.precheck(await provider.getApplication(ref));
    }
    await operation.prepare?.(provider, ref);
    const { auditId, result } = await this.audited(
      {
        actor: actorOf(credentials),
        entityRef,
        agentId: app.agentId,
        application: app.name,
        appNamespace: app.namespace,
        action: operation.action,
        parameters: operation.parameters,
      },
      request,
      () => operation.call(provider, ref, { user }),
    );
    return { auditId, application: result };
  }
}
