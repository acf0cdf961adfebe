import type { GitOpsServices } from '../service/GitOpsServices';
import {
  resourceAction,
  ResourceActionRequest,
  terminate,
} from '../service/resourceOperations';
import {
  applicationTarget,
  applicationTargetFields,
  exampleTarget,
  targetAndBody,
} from './applicationTargetInput';
import { APPLICATION_PATH, specBodyFields } from './specBodyInput';
import { gitOpsAction } from './gitOpsAction';
import { operationOutput, operationOutputSchema } from './operationOutput';

/**
 * The actions that stop a running operation and run a resource action
 * (restart a Deployment), through the same service calls as their routes.
 */
export const createOperationControlActions = (
  ctx: Pick<GitOpsServices, 'access' | 'operations' | 'scrubber'>,
) => [
  gitOpsAction({
    name: 'terminate-operation',
    title: "Terminate a GitOps Application's running operation",
    description: `
Stops the sync or rollback that is running on a GitOps application. The agent marks it
Terminating and then Failed ("Operation terminated"); what was applied so far stays applied.
Fails with a conflict when no operation is running.

The application must belong to the given catalog entity (see get-entity-gitops-status). The
operation is recorded in the GitOps audit log under the caller's identity. Requires the
gitops.application.terminate permission on the entity.
    `,
    attributes: { destructive: true, readOnly: false, idempotent: false },
    schema: {
      input: z =>
        z.object({
          ...applicationTargetFields(z),
          ...specBodyFields(z, `${APPLICATION_PATH}/terminate`),
        }),
      output: operationOutputSchema('termination'),
    },
    examples: [
      {
        title: 'Stop the sync running on payments-prod',
        input: exampleTarget,
      },
    ],
    action: async ({ input, credentials, logger }) => {
      logger.info(
        `Terminating the operation of ${input.agentId}/${input.application} of ${input.entityRef}`,
      );
      const { auditId, application } = await terminate(ctx, {
        credentials,
        target: applicationTarget(input),
      });
      return operationOutput(ctx, { auditId, application });
    },
  }),
  gitOpsAction({
    name: 'run-resource-action',
    title: 'Run a resource action on a GitOps Application',
    description: `
Runs one of the actions the GitOps agent offers on a Kubernetes resource of an application, such
as "restart" on a Deployment (a new rollout of its pods), or "pause" and "resume". The action must
be one the resource offers now; otherwise this fails naming the ones it does.

The application must belong to the given catalog entity (see get-entity-gitops-status). The
operation is recorded in the GitOps audit log under the caller's identity. Requires the
gitops.application.action permission on the entity.
    `,
    attributes: { destructive: true, readOnly: false, idempotent: false },
    schema: {
      input: z =>
        z.object({
          ...applicationTargetFields(z),
          ...specBodyFields(z, `${APPLICATION_PATH}/resource-actions`, {
            resource:
              'The resource: its kind (e.g. Deployment) and name, its namespace (none for cluster-scoped ones), API group (e.g. "apps"; "" or absent for core) and version (e.g. "v1").',
            action: 'The action, e.g. "restart".',
          }),
        }),
      output: operationOutputSchema('action'),
    },
    examples: [
      {
        title: 'Restart the payments Deployment in production',
        input: {
          ...exampleTarget,
          resource: {
            kind: 'Deployment',
            group: 'apps',
            version: 'v1',
            namespace: 'payments-prod',
            name: 'payments',
          },
          action: 'restart',
        },
      },
    ],
    action: async ({ input, credentials, logger }) => {
      const { target, body } = targetAndBody<ResourceActionRequest>(input);
      logger.info(
        `Running ${body.action} on ${body.resource.kind} ${body.resource.name} of ${target.agentId}/${target.name}`,
      );
      const { auditId, application } = await resourceAction(
        ctx,
        { credentials, target },
        body,
      );
      return operationOutput(ctx, { auditId, application });
    },
  }),
];
