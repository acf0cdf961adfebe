import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { ResourcePermission } from '@backstage/plugin-permission-common';
import {
  GitOpsApplication,
  gitopsApplicationRefreshPermission,
  gitopsApplicationRollbackPermission,
  gitopsApplicationSyncPermission,
  OperationAction,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import type { Request } from 'express';
import { RouteContext } from './RouteContext';
import {
  ApplicationTarget,
  resolveEntityApplication,
} from './resolveEntityApplication';
import { parse, refreshBody, rollbackBody, syncBody } from './schemas';

/** Who asks for an operation, and on what; `request` when it came over HTTP. */
export interface OperationCaller {
  credentials: BackstageCredentials;
  target: ApplicationTarget;
  request?: Request;
}

async function runOperation(
  ctx: RouteContext,
  caller: OperationCaller,
  operation: {
    action: OperationAction;
    permission: ResourcePermission<'catalog-entity'>;
    parameters: Record<string, unknown>;
    call: (
      provider: GitOpsProvider,
      ref: ApplicationRef,
    ) => Promise<GitOpsApplication>;
  },
): Promise<{ auditId: string; application: GitOpsApplication }> {
  const { credentials, target, request } = caller;
  const { entityRef, provider, app, ref } = await resolveEntityApplication(
    ctx,
    credentials,
    target,
    operation.permission,
  );
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
    () => operation.call(provider, ref),
  );
  return { auditId, application: result };
}

/**
 * Refreshes an entity's application, audited; `body` is validated before
 * anything else happens.
 */
export function refreshApplication(
  ctx: RouteContext,
  caller: OperationCaller,
  body: unknown,
) {
  const parameters = parse(refreshBody, body, 'refresh request');
  return runOperation(ctx, caller, {
    action: 'refresh',
    permission: gitopsApplicationRefreshPermission,
    parameters,
    call: (provider, ref) => provider.refresh(ref, parameters.mode),
  });
}

/** Syncs an entity's application, audited. */
export function syncApplication(
  ctx: RouteContext,
  caller: OperationCaller,
  body: unknown,
) {
  const parameters = parse(syncBody, body, 'sync request');
  return runOperation(ctx, caller, {
    action: 'sync',
    permission: gitopsApplicationSyncPermission,
    parameters,
    call: (provider, ref) => provider.sync(ref, parameters),
  });
}

/** Rolls an entity's application back to a history entry, audited. */
export function rollbackApplication(
  ctx: RouteContext,
  caller: OperationCaller,
  body: unknown,
) {
  const parameters = parse(rollbackBody, body, 'rollback request');
  return runOperation(ctx, caller, {
    action: 'rollback',
    permission: gitopsApplicationRollbackPermission,
    parameters,
    call: (provider, ref) => provider.rollback(ref, parameters),
  });
}
