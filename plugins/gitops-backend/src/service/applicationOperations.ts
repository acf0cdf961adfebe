import {
  AuditorServiceCreateEventOptions,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import { ResourcePermission } from '@backstage/plugin-permission-common';
import { stringifyEntityRef } from '@backstage/catalog-model';
import {
  AuthenticationError,
  ConflictError,
  NotAllowedError,
} from '@backstage/errors';
import {
  GitOpsApplication,
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
  OperationAction,
  RefreshRequest,
  RollbackRequest,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
  ProviderCallOptions,
} from '@gitops-suite/plugin-gitops-node';
import { GitOpsService } from './GitOpsService';
import {
  ApplicationTarget,
  resolveEntityApplication,
} from './resolveEntityApplication';
import { requestBodyCheck } from './requestBodies';
import { syncOptionsFor } from './syncOptions';

const APP =
  '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}';
const refreshBody = requestBodyCheck(`${APP}/refresh`, 'refresh request', [
  'mode',
]);
const syncBody = requestBodyCheck(`${APP}/sync`, 'sync request');
const rollbackBody = requestBodyCheck(`${APP}/rollback`, 'rollback request');

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

/**
 * Finds the caller's application and decides the operation on it: the
 * permission on the entity, then the one write decision on the application
 * (its project and destination belong to the entity's owners), and, with
 * `asUser`, who the agent decides the call as. A refusal is recorded in the
 * audit (unless `auditRefusal` is false: a dry run that changes nothing).
 */
export async function authorizeOperation(
  ctx: GitOpsService,
  caller: OperationCaller,
  operation: OperationDecisionInput,
  options: { asUser?: boolean; auditRefusal?: boolean } = {},
) {
  const { credentials, target, request } = caller;
  // the application, once found: a refusal is recorded on it (its own
  // namespace, not only what the caller named)
  let found: GitOpsApplication | undefined;
  return resolveEntityApplication(
    ctx,
    credentials,
    target,
    operation.permission,
  )
    .then(async entityApp => {
      found = entityApp.app;
      // the user may act on the entity; the application's project and
      // destination must belong to that entity's owners too
      await ctx.deps.writes.assert({
        credentials,
        entityRef: entityApp.entityRef,
        permission: operation.permission,
        touches: [{ type: 'application', application: entityApp.app }],
      });
      // where the agent decides as the user, it gets the user, never the
      // shared credential in their place
      const user = options.asUser
        ? await ctx.deps.userIdentity.forOperation(
            credentials,
            entityApp.app.agentId,
            caller.userToken,
          )
        : undefined;
      return { ...entityApp, user };
    })
    .catch(async error => {
      // a refusal is decided here, once: it goes in the events as well
      if (
        options.auditRefusal !== false &&
        (error instanceof NotAllowedError ||
          error instanceof AuthenticationError)
      ) {
        await ctx.deps.runner.refused(
          {
            actor: ctx.actor(credentials),
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
    });
}

/** Resolves, checks (permission, trust, precheck) and runs one audited operation. */
export async function runOperation(
  ctx: GitOpsService,
  caller: OperationCaller,
  operation: OperationDecisionInput & {
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
  },
): Promise<{ auditId: string; application: GitOpsApplication }> {
  const { credentials, request } = caller;
  const resolved = await authorizeOperation(ctx, caller, operation, {
    asUser: true,
  });
  const { entityRef, provider, app, ref, user } = resolved;
  if (operation.precheck) {
    // the agent's current state, not a list read a moment ago
    operation.precheck(await provider.getApplication(ref));
  }
  await operation.prepare?.(provider, ref);
  const { auditId, result } = await ctx.deps.runner.run(
    {
      actor: ctx.actor(credentials),
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

/**
 * The agent refuses a second operation while one runs: answer 409 at once,
 * with what is running. (A race the application's state does not show yet
 * still reaches the agent, whose refusal maps to 409 as well.)
 */
function refuseWhileRunning(app: GitOpsApplication): void {
  if (app.operation?.phase === 'Running') {
    throw new ConflictError(
      `Another operation is already in progress on ${app.name}${
        app.operation.startedAt ? ` (started ${app.operation.startedAt})` : ''
      }; wait for it to finish`,
    );
  }
}

/**
 * Refreshes an entity's application, audited. `parameters` is the spec's
 * refresh body as the router hands it over (checked, `mode` defaulted).
 */
export function refresh(
  ctx: GitOpsService,
  caller: OperationCaller,
  parameters: RefreshRequest & { mode: NonNullable<RefreshRequest['mode']> },
) {
  return runOperation(ctx, caller, {
    action: 'refresh',
    permission: gitopsApplicationRefreshPermission,
    parameters,
    call: (provider, ref, options) =>
      provider.refresh(ref, parameters.mode, options),
  });
}

/** Syncs an entity's application, audited. */
export function sync(
  ctx: GitOpsService,
  caller: OperationCaller,
  parameters: SyncRequest,
) {
  let policyOptions: string[] = [];
  return runOperation(ctx, caller, {
    action: 'sync',
    permission: gitopsApplicationSyncPermission,
    parameters,
    precheck: app => {
      refuseWhileRunning(app);
      policyOptions = app.syncPolicy.syncOptions;
    },
    call: (provider, ref, options) => {
      const syncOptions = syncOptionsFor(parameters.syncOptions, policyOptions);
      return provider.sync(
        ref,
        { ...parameters, ...(syncOptions && { syncOptions }) },
        options,
      );
    },
  });
}

/** Rolls an entity's application back to a history entry, audited. */
export function rollback(
  ctx: GitOpsService,
  caller: OperationCaller,
  parameters: RollbackRequest,
) {
  return runOperation(ctx, caller, {
    action: 'rollback',
    permission: gitopsApplicationRollbackPermission,
    parameters,
    precheck: app => {
      refuseWhileRunning(app);
      if (app.syncPolicy.automated) {
        throw new ConflictError(
          `Rollback cannot be initiated when auto-sync is enabled: ${app.name} syncs automatically, so roll it back in Git (a revert pull request: POST .../revert) or turn automated sync off first`,
        );
      }
    },
    call: (provider, ref, options) =>
      provider.rollback(ref, parameters, options),
  });
}

/*
 * For callers whose input no spec has checked (actions, other in-process
 * callers): `body` is checked against the spec's request body first.
 */

/** {@link refresh}, `body` checked (and `mode` defaulted) first. */
export function refreshApplication(
  ctx: GitOpsService,
  caller: OperationCaller,
  body: unknown,
) {
  return refresh(ctx, caller, refreshBody(body));
}

/** {@link sync}, `body` checked first. */
export function syncApplication(
  ctx: GitOpsService,
  caller: OperationCaller,
  body: unknown,
) {
  return sync(ctx, caller, syncBody(body));
}

/** {@link rollback}, `body` checked first. */
export function rollbackApplication(
  ctx: GitOpsService,
  caller: OperationCaller,
  body: unknown,
) {
  return rollback(ctx, caller, rollbackBody(body));
}
