import type { SyncRequest } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import { sync } from '../service/applicationOperations';
import {
  applicationTargetFields,
  exampleTarget,
  targetAndBody,
} from './applicationTargetInput';
import { APPLICATION_PATH, specBodyFields } from './specBodyInput';
import { gitOpsAction } from './gitOpsAction';
import { operationOutput, operationOutputSchema } from './operationOutput';

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
          ...specBodyFields(z, `${APPLICATION_PATH}/sync`, {
            revision:
              'Sync to this Git revision (branch, tag or commit) instead of the tracked one.',
            prune: 'Also delete live resources that are no longer in Git.',
            dryRun: 'Only show what would change; apply nothing.',
            resources:
              'Sync only these resources of the application (all when absent).',
            syncOptions:
              "Argo CD sync options for this sync; given, they replace the application's own (spec.syncPolicy.syncOptions) among these.",
            force:
              'Apply with --force: a resource whose patch conflicts is deleted and recreated.',
            applyOnly:
              'Apply only: run no sync hooks (PreSync, Sync, PostSync).',
            retry:
              'Retry a failed sync: limit (1 to 10) retries, the first after backoff.duration (such as 5s), each next one backoff.factor (1 to 10) times longer, at most backoff.maxDuration (such as 3m).',
          }),
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
      const { target, body } = targetAndBody<SyncRequest>(input);
      const { auditId, application } = await sync(
        ctx,
        { credentials, target },
        body,
      );
      return operationOutput(ctx, { auditId, application });
    },
  });
