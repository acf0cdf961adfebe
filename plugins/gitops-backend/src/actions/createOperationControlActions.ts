import type { GitOpsServices } from '../service/GitOpsServices';
import {
  runResourceAction,
  terminateOperation,
} from '../service/resourceOperations';
import {
  applicationTarget,
  applicationTargetFields,
  definedFields,
  exampleTarget,
} from './applicationTargetInput';
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
      input: z => z.object(applicationTargetFields(z)),
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
      const { auditId, application } = await terminateOperation(
        ctx,
        { credentials, target: applicationTarget(input) },
        {},
      );
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
          kind: z
            .string()
            .min(1)
            .describe('The resource kind, e.g. Deployment.'),
          resourceName: z.string().min(1).describe('The resource name.'),
          resourceNamespace: z
            .string()
            .optional()
            .describe('The resource namespace (none for cluster-scoped ones).'),
          group: z
            .string()
            .optional()
            .describe('The API group, e.g. "apps" ("" or absent for core).'),
          version: z
            .string()
            .optional()
            .describe('The API version, e.g. "v1".'),
          action: z
            .string()
            .min(1)
            .max(128)
            .describe('The action, e.g. "restart".'),
        }),
      output: operationOutputSchema('action'),
    },
    examples: [
      {
        title: 'Restart the payments Deployment in production',
        input: {
          ...exampleTarget,
          kind: 'Deployment',
          group: 'apps',
          version: 'v1',
          resourceNamespace: 'payments-prod',
          resourceName: 'payments',
          action: 'restart',
        },
      },
    ],
    action: async ({ input, credentials, logger }) => {
      logger.info(
        `Running ${input.action} on ${input.kind} ${input.resourceName} of ${input.agentId}/${input.application}`,
      );
      const { auditId, application } = await runResourceAction(
        ctx,
        { credentials, target: applicationTarget(input) },
        {
          action: input.action,
          resource: definedFields({
            kind: input.kind,
            name: input.resourceName,
            namespace: input.resourceNamespace,
            group: input.group,
            version: input.version,
          }),
        },
      );
      return operationOutput(ctx, { auditId, application });
    },
  }),
];
