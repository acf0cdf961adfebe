import { z } from 'zod';
import { PermissionsService } from '@backstage/backend-plugin-api';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './authorize.examples';
import {
  gitopsApplicationSetCreatePermission,
  gitopsApplicationSyncPermission,
  gitopsPromotePermission,
} from '@gitops-suite/plugin-gitops-common';
import { parseAuthorizedInput } from './authorizeInitiator';
import { ENTITY_REF, actionSchema } from './validation';

export const AUTHORIZE_ACTION_ID = 'gitops:authorize';

/** The permissions a template may check up front, by name. */
const CHECKABLE = {
  [gitopsPromotePermission.name]: gitopsPromotePermission,
  [gitopsApplicationSyncPermission.name]: gitopsApplicationSyncPermission,
  [gitopsApplicationSetCreatePermission.name]:
    gitopsApplicationSetCreatePermission,
};

export const authorizeInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    entityRef: zImpl
      .string()
      .regex(ENTITY_REF, 'entityRef must be kind:namespace/name')
      .describe('The catalog entity the template acts on'),
    permission: zImpl
      .enum(Object.keys(CHECKABLE) as [string, ...string[]])
      .default(gitopsPromotePermission.name)
      .describe('The GitOps permission the user who started the task needs'),
  });

/**
 * `gitops:authorize`: a template's first step, so that a template run for
 * an entity the user may not change fails at once, naming the entity,
 * before anything is fetched or written.
 */
export function createAuthorizeAction(options: {
  permissions: PermissionsService;
}) {
  return createTemplateAction({
    id: AUTHORIZE_ACTION_ID,
    description:
      'Checks that the user who started the task holds a GitOps permission on a catalog entity; put it first, before any step that fetches or changes something',
    supportsDryRun: true,
    examples,
    schema: { input: actionSchema(authorizeInputSchema) },
    async handler(ctx) {
      const input = await parseAuthorizedInput({
        permissions: options.permissions,
        ctx,
        schema: authorizeInputSchema(z),
        permission: parsed => CHECKABLE[parsed.permission],
        actionId: AUTHORIZE_ACTION_ID,
      });
      ctx.logger.info(
        `${input.permission} on ${input.entityRef}: allowed for the user who started this task`,
      );
    },
  });
}
