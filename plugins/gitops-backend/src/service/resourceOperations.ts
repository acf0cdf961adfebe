import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { ConflictError, InputError, NotFoundError } from '@backstage/errors';
import {
  GitOpsApplication,
  gitopsApplicationReadPermission,
  gitopsApplicationResourceActionPermission,
  gitopsApplicationTerminatePermission,
  ResourceAction,
  ResourceRef,
  type GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import type { GitOpsServices } from './GitOpsServices';
import { OperationCaller } from './Operations';
import { ApplicationTarget } from './applicationTarget';
import { requireCapability } from '../providers/requireCapability';

const APP =
  '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}';
/** The body of a resource action, as the spec checked it. */
export type ResourceActionRequest = GitOpsApiRequestBody<
  `${typeof APP}/resource-actions`,
  'post'
>;

/** Only a running operation can be terminated: 409 at once otherwise. */
function requireRunning(app: GitOpsApplication): void {
  const phase = app.operation?.phase;
  if (phase !== 'Running' && phase !== 'Terminating') {
    throw new ConflictError(
      `No operation is running on ${
        app.name
      }, so there is nothing to terminate${
        phase ? ` (its last operation ${phase.toLowerCase()})` : ''
      }`,
    );
  }
}

/**
 * Terminates an entity's application's running operation (a sync or
 * rollback), audited; answers the application as the agent has it then.
 */
export function terminate(
  ctx: Pick<GitOpsServices, 'access' | 'operations'>,
  caller: OperationCaller,
) {
  return ctx.operations.run(caller, {
    action: 'terminate',
    permission: gitopsApplicationTerminatePermission,
    parameters: {},
    precheck: requireRunning,
    call: async (provider, ref, options) => {
      const terminateOn = requireCapability(
        provider,
        'terminate',
      ).terminateOperation.bind(provider);
      await terminateOn(ref, options);
      return provider.getApplication(ref);
    },
  });
}

/** A resource named in a request: its kind and name at least. */
function resourceLabel(resource: ResourceRef): string {
  return `${resource.kind} ${
    resource.namespace ? `${resource.namespace}/` : ''
  }${resource.name}`;
}

/**
 * Refuses (404, naming it) a resource that is not in the application's
 * resource tree as the agent reports it now, comparing group, kind,
 * namespace and name as the agent would address it (no group: the core
 * group), so that an action or its list never reaches a resource of
 * another application, whatever the agent itself would check.
 */
async function requireInTree(
  provider: GitOpsProvider,
  ref: ApplicationRef,
  resource: ResourceRef,
): Promise<void> {
  const { nodes } = await provider.getResourceTree(ref);
  const found = nodes.some(
    node =>
      node.kind === resource.kind &&
      node.name === resource.name &&
      (node.group ?? '') === (resource.group ?? '') &&
      (node.namespace ?? '') === (resource.namespace ?? ''),
  );
  if (!found) {
    throw new NotFoundError(
      `Application ${ref.name} on agent ${provider.agent.id} has no resource ${
        resource.group ? `${resource.group}/` : ''
      }${resourceLabel(resource)}`,
    );
  }
}

/** The actions an entity's application's resource offers (a read). */
export async function listResourceActions(
  ctx: Pick<GitOpsServices, 'access' | 'operations'>,
  credentials: BackstageCredentials,
  target: ApplicationTarget,
  resource: ResourceRef,
): Promise<ResourceAction[]> {
  const { provider, ref } = await ctx.access.resolve(
    credentials,
    target,
    gitopsApplicationReadPermission,
  );
  const list = requireCapability(
    provider,
    'resourceActions',
  ).listResourceActions.bind(provider);
  await requireInTree(provider, ref, resource);
  return list(ref, resource);
}

/**
 * Runs an action on a resource of an entity's application, audited. The
 * resource must be in the application's resource tree (404 naming it) and
 * the action one the resource offers now (400 naming the ones it does),
 * both checked before anything is audited or sent.
 */
export function resourceAction(
  ctx: Pick<GitOpsServices, 'access' | 'operations'>,
  caller: OperationCaller,
  { resource, action }: ResourceActionRequest,
) {
  return ctx.operations.run(caller, {
    action: 'resource.action',
    permission: gitopsApplicationResourceActionPermission,
    parameters: { resource, action },
    prepare: async (provider, ref) => {
      const list = requireCapability(
        provider,
        'resourceActions',
      ).listResourceActions.bind(provider);
      await requireInTree(provider, ref, resource);
      const offered = await list(ref, resource);
      const found = offered.find(a => a.name === action);
      if (!found) {
        const names = offered.map(a => a.name);
        throw new InputError(
          `${resourceLabel(resource)} has no action '${action}'; ${
            names.length
              ? `it offers ${names.join(', ')}`
              : 'it offers no actions'
          }`,
        );
      }
      if (found.disabled) {
        throw new ConflictError(
          `The action '${action}' of ${resourceLabel(
            resource,
          )} is disabled now`,
        );
      }
    },
    call: async (provider, ref, options) => {
      const run = requireCapability(
        provider,
        'resourceActions',
      ).runResourceAction.bind(provider);
      await run(ref, resource, action, options);
      return provider.getApplication(ref);
    },
  });
}
