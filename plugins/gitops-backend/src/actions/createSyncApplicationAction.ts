import { GitOpsService } from '../service/GitOpsService';
import { syncApplication } from '../service/applicationOperations';
import {
  applicationTarget,
  applicationTargetFields,
  definedFields,
  exampleTarget,
} from './applicationTargetInput';
import { gitOpsAction } from './gitOpsAction';
import { operationOutput, operationOutputSchema } from './operationOutput';

export const createSyncApplicationAction = (ctx: GitOpsService) =>
  gitOpsAction({
    name: 'sync-application',
    title: 'Sync a GitOps Application',
    description: `
Starts a sync of a GitOps application: the agent applies the desired state from Git (the tracked
revision, or the given one) to the cluster. With \`prune\` it also deletes resources no longer in Git.
The sync runs on in the agent after this returns; read get-entity-gitops-status to follow it.

The application must belong to the given catalog entity (see get-entity-gitops-status). The
operation is recorded in the GitOps audit log under the caller's identity. Requires the
gitops.application.sync permission on the entity.
    `,
    attributes: { destructive: true, readOnly: false, idempotent: false },
    schema: {
      input: z =>
        z.object({
          ...applicationTargetFields(z),
          revision: z
            .string()
            .min(1)
            .max(256)
            .optional()
            .describe(
              'Sync to this Git revision (branch, tag or commit) instead of the tracked one.',
            ),
          prune: z
            .boolean()
            .optional()
            .describe('Also delete live resources that are no longer in Git.'),
          dryRun: z
            .boolean()
            .optional()
            .describe('Only show what would change; apply nothing.'),
        }),
      output: operationOutputSchema(
        'sync',
        'The application as the agent reports it once the sync started.',
      ),
    },
    examples: [
      {
        title: 'Sync the production payments application, pruning',
        input: {
          ...exampleTarget,
          prune: true,
        },
      },
    ],
    action: async ({ input, credentials, logger }) => {
      logger.info(
        `Syncing ${input.agentId}/${input.application} of ${input.entityRef}`,
      );
      const { auditId, application } = await syncApplication(
        ctx,
        { credentials, target: applicationTarget(input) },
        definedFields({
          revision: input.revision,
          prune: input.prune,
          dryRun: input.dryRun,
        }),
      );
      return operationOutput(ctx, { auditId, application });
    },
  });
