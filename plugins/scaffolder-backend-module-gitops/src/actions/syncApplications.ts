import { z } from 'zod';
import { PermissionsService } from '@backstage/backend-plugin-api';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './syncApplications.examples';
import {
  gitopsApplicationSyncPermission,
  type EntityApplicationRef,
} from '@gitops-suite/plugin-gitops-common';
import { authorizeInitiator } from './authorizeInitiator';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';
import { ENTITY_REF, actionSchema } from './validation';

export const SYNC_APPLICATIONS_ACTION_ID = 'gitops:application:sync';

/**
 * The optional inputs' defaults: published in the schema and applied by the
 * handler, since the scaffolder validates input but applies no default.
 */
const SYNC_DEFAULTS = {
  prune: false,
  wait: false,
  timeoutSeconds: 300,
  pollIntervalSeconds: 5,
};

export const syncInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    entityRef: zImpl
      .string()
      .regex(ENTITY_REF, 'entityRef must be kind:namespace/name')
      .describe('The catalog entity whose applications are synced'),
    agentId: zImpl
      .string()
      .min(1)
      .describe('The agent serving the applications'),
    applications: zImpl
      .array(zImpl.string().min(1))
      .min(1, 'name at least one application')
      .describe('Application names'),
    appNamespace: zImpl
      .string()
      .optional()
      .describe("The Applications' own namespace (apps in any namespace)"),
    prune: zImpl
      .boolean()
      .default(SYNC_DEFAULTS.prune)
      .describe('Delete resources no longer in Git'),
    revision: zImpl
      .string()
      .min(1)
      .max(256)
      .optional()
      .describe('Revision to sync to'),
    wait: zImpl
      .boolean()
      .default(SYNC_DEFAULTS.wait)
      .describe('Wait until every application is Synced and Healthy'),
    timeoutSeconds: zImpl
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(SYNC_DEFAULTS.timeoutSeconds),
    pollIntervalSeconds: zImpl
      .number()
      .min(0.05)
      .max(60)
      .default(SYNC_DEFAULTS.pollIntervalSeconds),
  });

const settled = (app: {
  sync: { status: string };
  health: { status: string };
}) => app.sync.status === 'Synced' && app.health.status === 'Healthy';

/**
 * Syncs applications of an entity through the gitops backend and optionally
 * waits until they are Synced and Healthy.
 */
export function createSyncApplicationsAction(options: {
  client: GitOpsBackendClient;
  permissions: PermissionsService;
}) {
  const { client, permissions } = options;
  return createTemplateAction({
    id: SYNC_APPLICATIONS_ACTION_ID,
    description:
      'Syncs GitOps applications of a catalog entity and optionally waits until they are Synced and Healthy',
    supportsDryRun: true,
    examples,
    schema: {
      input: actionSchema(syncInputSchema),
      output: {
        applications: zImpl =>
          zImpl
            .array(
              zImpl.object({
                name: zImpl.string(),
                sync: zImpl.string(),
                health: zImpl.string(),
              }),
            )
            .describe('Each application with its last known status'),
      },
    },
    async handler(ctx) {
      // validated once, by the scaffolder against the schema above
      const input = {
        ...SYNC_DEFAULTS,
        ...(ctx.input as z.input<ReturnType<typeof syncInputSchema>>),
      };
      await authorizeInitiator({
        permissions,
        ctx,
        permission: gitopsApplicationSyncPermission,
        entityRef: input.entityRef,
        actionId: SYNC_APPLICATIONS_ACTION_ID,
      });
      const refs: EntityApplicationRef[] = input.applications.map(appName => ({
        entityRef: input.entityRef,
        agentId: input.agentId,
        name: appName,
        namespace: input.appNamespace,
      }));
      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would sync ${input.applications.join(', ')} on agent ${
            input.agentId
          }${input.prune ? ' with prune' : ''}`,
        );
        ctx.output(
          'applications',
          refs.map(ref => ({
            name: ref.name,
            sync: 'Unknown',
            health: 'Unknown',
          })),
        );
        return;
      }
      const credentials = await ctx.getInitiatorCredentials();
      const status = new Map<string, { sync: string; health: string }>();
      for (const ref of refs) {
        const { application } = await client.syncApplication(
          ref,
          { prune: input.prune, revision: input.revision },
          credentials,
        );
        status.set(ref.name, {
          sync: application.sync.status,
          health: application.health.status,
        });
        ctx.logger.info(`Sync of ${ref.name} requested`);
      }

      if (input.wait) {
        const deadline = Date.now() + input.timeoutSeconds * 1000;
        let pending = refs;
        while (pending.length) {
          const next: EntityApplicationRef[] = [];
          for (const ref of pending) {
            const app = await client.getApplication(ref, credentials);
            status.set(ref.name, {
              sync: app.sync.status,
              health: app.health.status,
            });
            ctx.logger.info(
              `${ref.name}: ${app.sync.status}, ${app.health.status}${
                app.operation?.phase
                  ? ` (operation ${app.operation.phase})`
                  : ''
              }`,
            );
            if (!settled(app)) next.push(ref);
          }
          pending = next;
          if (!pending.length) break;
          if (Date.now() >= deadline) {
            throw new Error(
              `Timed out after ${input.timeoutSeconds}s waiting for ${pending
                .map(r => r.name)
                .join(', ')} to be Synced and Healthy`,
            );
          }
          if (ctx.signal?.aborted) {
            throw new Error('Sync wait was cancelled');
          }
          await new Promise(resolve =>
            setTimeout(resolve, input.pollIntervalSeconds * 1000),
          );
        }
      }
      ctx.output(
        'applications',
        refs.map(ref => ({ name: ref.name, ...status.get(ref.name)! })),
      );
    },
  });
}
