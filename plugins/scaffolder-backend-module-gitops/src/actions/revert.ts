import { z } from 'zod';
import { PermissionsService } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { gitopsApplicationRollbackPermission } from '@gitops-suite/plugin-gitops-common';
import { examples } from './revert.examples';
import { authorizeInitiator } from './authorizeInitiator';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';
import { actionSchema, ENTITY_REF } from './validation';

export const REVERT_ACTION_ID = 'gitops:revert';

export const revertInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    entityRef: zImpl
      .string()
      .regex(ENTITY_REF, 'entityRef must be kind:namespace/name')
      .describe(
        'The catalog entity whose application is rolled back; the user who started the task needs gitops.application.rollback on it',
      ),
    agentId: zImpl
      .string()
      .min(1)
      .describe('The agent serving the application'),
    application: zImpl.string().min(1).describe('The application name'),
    appNamespace: zImpl
      .string()
      .optional()
      .describe("The Application's own namespace (apps in any namespace)"),
    historyId: zImpl
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        'The history entry whose deployment is put back; the one before the current deployment when absent',
      ),
    reason: zImpl
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe('Why, written into the pull request and kept in the audit'),
  });

/**
 * Rolls an application back in Git through the gitops backend: a pull
 * request on its source repository that puts back what a history entry
 * deployed (the backend decides and audits it as every git write). A dry
 * run answers what the pull request would change and opens none.
 */
export function createRevertAction(options: {
  client: GitOpsBackendClient;
  permissions: PermissionsService;
}) {
  const { client, permissions } = options;
  return createTemplateAction({
    id: REVERT_ACTION_ID,
    description:
      'Rolls a GitOps application back in Git: opens a pull request on its source repository that puts back what a history entry deployed',
    supportsDryRun: true,
    examples,
    schema: {
      input: actionSchema(revertInputSchema),
      output: {
        pullRequestUrl: zImpl =>
          zImpl
            .string()
            .optional()
            .describe('The pull request (none on a dry run)'),
        pullRequestNumber: zImpl => zImpl.number().optional(),
        branch: zImpl => zImpl.string().describe("The pull request's branch"),
        historyId: zImpl =>
          zImpl.number().describe('The history entry put back'),
        files: zImpl =>
          zImpl
            .array(zImpl.string())
            .describe('The files the pull request changes'),
      },
    },
    async handler(ctx) {
      // validated once, by the scaffolder against the schema above
      const input = ctx.input as z.infer<ReturnType<typeof revertInputSchema>>;
      await authorizeInitiator({
        permissions,
        ctx,
        permission: gitopsApplicationRollbackPermission,
        entityRef: input.entityRef,
        actionId: REVERT_ACTION_ID,
      });
      const credentials = await ctx.getInitiatorCredentials();
      const ref = {
        entityRef: input.entityRef,
        agentId: input.agentId,
        name: input.application,
        namespace: input.appNamespace,
      };
      let id = input.historyId;
      if (id === undefined) {
        const app = await client.getApplication(ref, credentials);
        const [, previous] = [...app.history].sort((a, b) => b.id - a.id);
        if (!previous) {
          throw new InputError(
            `historyId: ${input.application} has no deployment before its current one to roll back to`,
          );
        }
        id = previous.id;
      }
      const result = await client.revertApplication(
        ref,
        {
          id,
          ...(ctx.isDryRun && { dryRun: true }),
          ...(input.reason && { reason: input.reason }),
        },
        credentials,
      );
      const changes = result.changes
        .map(
          c =>
            `${c.file}: ${c.what}${
              c.from || c.to ? ` ${c.from ?? 'none'} -> ${c.to ?? 'none'}` : ''
            }`,
        )
        .join('; ');
      if (result.pullRequest) {
        ctx.logger.info(
          `Opened ${result.pullRequest.htmlUrl} rolling ${input.application} back to #${id}: ${changes}`,
        );
        ctx.output('pullRequestUrl', result.pullRequest.htmlUrl);
        ctx.output('pullRequestNumber', result.pullRequest.number);
      } else {
        ctx.logger.info(
          `Dry run: would open a pull request rolling ${input.application} back to #${id}: ${changes}`,
        );
      }
      ctx.output('branch', result.branch);
      ctx.output('historyId', id);
      ctx.output('files', result.files);
    },
  });
}
