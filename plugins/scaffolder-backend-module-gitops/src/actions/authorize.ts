import { z } from 'zod';
import { PermissionsService } from '@backstage/backend-plugin-api';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './authorize.examples';
import {
  gitopsApplicationSetCreatePermission,
  gitopsApplicationSyncPermission,
  gitopsPromotePermission,
} from '@gitops-suite/plugin-gitops-common';
import { InputError } from '@backstage/errors';
import { authorizeInitiator } from './authorizeInitiator';
import { authorizeGitWrite, GIT_WRITE_PERMISSIONS } from './authorizeGitWrite';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';
import { ENTITY_REF, actionSchema } from './validation';

export const AUTHORIZE_ACTION_ID = 'gitops:authorize';

/** The permissions a template may check up front, by name. */
const CHECKABLE = {
  [gitopsPromotePermission.name]: gitopsPromotePermission,
  [gitopsApplicationSyncPermission.name]: gitopsApplicationSyncPermission,
  [gitopsApplicationSetCreatePermission.name]:
    gitopsApplicationSetCreatePermission,
};

/**
 * The optional inputs' defaults: published in the schema and applied by the
 * handler, since the scaffolder validates input but applies no default.
 */
const AUTHORIZE_DEFAULTS = {
  permission: gitopsPromotePermission.name,
  deployed: false,
};

export const authorizeInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    entityRef: zImpl
      .string()
      .regex(ENTITY_REF, 'entityRef must be kind:namespace/name')
      .describe('The catalog entity the template acts on'),
    permission: zImpl
      .enum(Object.keys(CHECKABLE) as [string, ...string[]])
      .default(AUTHORIZE_DEFAULTS.permission)
      .describe('The GitOps permission the user who started the task needs'),
    repoUrl: zImpl
      .string()
      .min(1)
      .optional()
      .describe(
        "The repository the template's later steps write (a RepoUrlPicker value or a URL): the gitops backend decides the write for the entity's owners before anything is fetched (every application deployed from the paths must be theirs)",
      ),
    paths: zImpl
      .array(zImpl.string().min(1))
      .optional()
      .describe(
        'The files of repoUrl the template changes; the whole repository when absent',
      ),
    deployed: zImpl
      .boolean()
      .default(AUTHORIZE_DEFAULTS.deployed)
      .describe(
        "The entity's owners must already deploy from repoUrl (a promotion edits a deployment; a new repository is not one)",
      ),
  });

/**
 * `gitops:authorize`: a template's first step, so that a template run for
 * an entity the user may not change fails at once, naming the entity,
 * before anything is fetched or written.
 */
export function createAuthorizeAction(options: {
  permissions: PermissionsService;
  client: GitOpsBackendClient;
}) {
  return createTemplateAction({
    id: AUTHORIZE_ACTION_ID,
    description:
      "Checks that the user who started the task holds a GitOps permission on a catalog entity and, given a repoUrl, that the gitops backend's one write decision lets the entity's owners write that repository; put it first, before any step that fetches or changes something",
    supportsDryRun: true,
    examples,
    schema: { input: actionSchema(authorizeInputSchema) },
    async handler(ctx) {
      // validated once, by the scaffolder against the schema above
      const input = {
        ...AUTHORIZE_DEFAULTS,
        ...(ctx.input as z.input<ReturnType<typeof authorizeInputSchema>>),
      };
      await authorizeInitiator({
        permissions: options.permissions,
        ctx,
        permission: CHECKABLE[input.permission],
        entityRef: input.entityRef,
        actionId: AUTHORIZE_ACTION_ID,
      });
      if (input.repoUrl) {
        const permission = GIT_WRITE_PERMISSIONS.find(
          p => p === input.permission,
        );
        if (!permission) {
          throw new InputError(
            `${AUTHORIZE_ACTION_ID}: permission ${
              input.permission
            } does not write a repository; give repoUrl with ${GIT_WRITE_PERMISSIONS.join(
              ' or ',
            )}`,
          );
        }
        await authorizeGitWrite({
          client: options.client,
          ctx,
          actionId: AUTHORIZE_ACTION_ID,
          entityRef: input.entityRef,
          permission,
          repoUrl: input.repoUrl,
          paths: input.paths,
          deployed: input.deployed,
        });
      }
      ctx.logger.info(
        `${input.permission} on ${input.entityRef}${
          input.repoUrl ? ` writing ${input.repoUrl}` : ''
        }: allowed for the user who started this task`,
      );
    },
  });
}
