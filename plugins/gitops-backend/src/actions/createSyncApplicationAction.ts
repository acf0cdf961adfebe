import { spec } from '../schema/openapi';
import type { GitOpsServices } from '../service/GitOpsServices';
import { syncApplication } from '../service/applicationOperations';
import {
  applicationTarget,
  applicationTargetFields,
  definedFields,
  exampleTarget,
} from './applicationTargetInput';
import { gitOpsAction } from './gitOpsAction';
import { operationOutput, operationOutputSchema } from './operationOutput';

/** The sync options the spec offers (SyncOption); the spec checks the rest. */
const SYNC_OPTIONS = spec.components.schemas.SyncOption.enum;

export const createSyncApplicationAction = (
  ctx: Pick<GitOpsServices, 'operations' | 'scrubber'>,
) =>
  gitOpsAction({
    name: 'sync-application',
    title: 'Sync a GitOps Application',
    description: `
Starts a sync of a GitOps application: the agent applies the desired state from Git (the tracked
revision, or the given one) to the cluster. With \`prune\` it also deletes resources no longer in Git.
Argo CD's sync options (\`ServerSideApply=true\`, \`Replace=true\`, ...), force, apply only (no hooks)
and a retry with backoff can be given as in Argo CD's sync panel.
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
          syncOptions: z
            .array(z.enum(SYNC_OPTIONS))
            .optional()
            .describe(
              "Argo CD sync options for this sync; given, they replace the application's own (spec.syncPolicy.syncOptions) among these.",
            ),
          force: z
            .boolean()
            .optional()
            .describe(
              'Apply with --force: a resource whose patch conflicts is deleted and recreated.',
            ),
          applyOnly: z
            .boolean()
            .optional()
            .describe(
              'Apply only: run no sync hooks (PreSync, Sync, PostSync).',
            ),
          retry: z
            .object({
              limit: z.number().int().describe('Retries, 1 to 10.'),
              backoff: z
                .object({
                  duration: z.string().optional(),
                  factor: z.number().int().optional(),
                  maxDuration: z.string().optional(),
                })
                .optional()
                .describe(
                  'First wait (duration, such as 5s), its growth per retry (factor, 1 to 10) and the longest wait (maxDuration, such as 3m).',
                ),
            })
            .optional()
            .describe('Retry a failed sync, with backoff.'),
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
      {
        title: 'Sync with server-side apply, pruning last, retrying twice',
        input: {
          ...exampleTarget,
          syncOptions: ['ServerSideApply=true', 'PruneLast=true'],
          retry: {
            limit: 2,
            backoff: { duration: '5s', factor: 2, maxDuration: '3m' },
          },
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
          syncOptions: input.syncOptions,
          force: input.force,
          applyOnly: input.applyOnly,
          retry: input.retry,
        }),
      );
      return operationOutput(ctx, { auditId, application });
    },
  });
