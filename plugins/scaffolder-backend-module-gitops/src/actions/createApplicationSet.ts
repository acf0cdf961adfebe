import fs from 'fs/promises';
import { z } from 'zod';
import { parse as parseYaml } from 'yaml';
import { PermissionsService } from '@backstage/backend-plugin-api';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './createApplicationSet.examples';
import { gitopsApplicationSetCreatePermission } from '@gitops-suite/plugin-gitops-common';
import { authorizeInitiator } from './authorizeInitiator';
import { InputError } from '@backstage/errors';
import { ApplicationSetSchemaValidator } from './applicationSet/ApplicationSetSchemaValidator';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';
import { actionSchema } from './validation';
import { resolveWorkspacePath } from './workspacePath';

export const CREATE_APPLICATIONSET_ACTION_ID = 'gitops:applicationset:create';

/**
 * The optional inputs' defaults: published in the schema and applied by the
 * handler, since the scaffolder validates input but applies no default.
 */
const CREATE_DEFAULTS = { upsert: true, validateOnly: false };

export const createInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    agentId: zImpl
      .string()
      .min(1)
      .describe('The configured GitOps agent (gitops.agents[].id)'),
    applicationSet: zImpl
      .string()
      .min(1)
      .optional()
      .describe(
        'The ApplicationSet as YAML (for example the output of gitops:applicationset:render)',
      ),
    manifestPath: zImpl
      .string()
      .min(1)
      .optional()
      .describe('Or a workspace file holding the ApplicationSet'),
    upsert: zImpl
      .boolean()
      .default(CREATE_DEFAULTS.upsert)
      .describe('Update the ApplicationSet when it exists'),
    validateOnly: zImpl
      .boolean()
      .default(CREATE_DEFAULTS.validateOnly)
      .describe('Ask the agent to validate only (a server-side dry run)'),
    entityRef: zImpl
      .string()
      .optional()
      .describe(
        'The catalog entity the ApplicationSet is for (for a service not in the catalog yet, the group that will own it); the user who started the task needs gitops.applicationset.create on it, and the set may deploy only where its owners may',
      ),
  });

/** The fleet page of the portal's GitOps plugin (its default path). */
const FLEET_PAGE = '/gitops';

/**
 * Links into the portal's fleet page: on the set's agent, and on the
 * environments its list generators name.
 */
function fleetLinks(agentId: string, manifest: Record<string, any>) {
  const agent = new URLSearchParams({ agent: agentId });
  const environments = new URLSearchParams(agent);
  for (const generator of manifest.spec?.generators ?? []) {
    for (const element of generator?.list?.elements ?? []) {
      if (typeof element?.environment === 'string') {
        environments.append('environment', element.environment);
      }
    }
  }
  return {
    agent: `${FLEET_PAGE}?${agent}`,
    environments: `${FLEET_PAGE}?${environments}`,
  };
}

/**
 * Creates or upserts an ApplicationSet through a configured agent, by way of
 * the gitops backend (permissions, audit and agent credentials apply there).
 */
export function createCreateApplicationSetAction(options: {
  client: GitOpsBackendClient;
  permissions: PermissionsService;
}) {
  const { client, permissions } = options;
  return createTemplateAction({
    id: CREATE_APPLICATIONSET_ACTION_ID,
    description:
      'Creates or upserts an Argo CD ApplicationSet through a GitOps agent configured in the gitops backend',
    supportsDryRun: true,
    examples,
    schema: {
      input: actionSchema(createInputSchema),
      output: {
        name: zImpl => zImpl.string().describe('The ApplicationSet name'),
        auditId: zImpl =>
          zImpl
            .string()
            .optional()
            .describe('The audit entry of the operation'),
        applications: zImpl =>
          zImpl
            .array(zImpl.string())
            .describe('The Applications the set has generated, by name'),
        applicationSetUrl: zImpl =>
          zImpl
            .string()
            .describe("The portal's GitOps fleet page, on the set's agent"),
        applicationsUrl: zImpl =>
          zImpl
            .string()
            .describe(
              "The portal's GitOps fleet page, on the set's agent and environments",
            ),
      },
    },
    async handler(ctx) {
      // validated once, by the scaffolder against the schema above; what a
      // JSON schema of it cannot say is checked here
      const input = {
        ...CREATE_DEFAULTS,
        ...(ctx.input as z.input<ReturnType<typeof createInputSchema>>),
      };
      if (Boolean(input.applicationSet) === Boolean(input.manifestPath)) {
        throw new InputError(
          'applicationSet: give exactly one of applicationSet and manifestPath',
        );
      }
      if (input.entityRef) {
        // before anything is read or sent; the backend checks the set too
        await authorizeInitiator({
          permissions,
          ctx,
          permission: gitopsApplicationSetCreatePermission,
          entityRef: input.entityRef,
          actionId: CREATE_APPLICATIONSET_ACTION_ID,
        });
      }
      const source = input.manifestPath
        ? await fs.readFile(
            resolveWorkspacePath(
              ctx.workspacePath,
              input.manifestPath,
              'manifestPath',
            ),
            'utf8',
          )
        : input.applicationSet!;
      let manifest: Record<string, any>;
      try {
        manifest = parseYaml(source);
      } catch (error) {
        throw new InputError(`applicationSet: not valid YAML: ${error}`);
      }
      if (manifest?.kind !== 'ApplicationSet') {
        throw new InputError(
          'applicationSet: the manifest is not an ApplicationSet',
        );
      }
      ApplicationSetSchemaValidator.get().assertValid(manifest);
      const name = String(manifest.metadata?.name ?? '');
      if (!name) {
        throw new InputError('applicationSet: metadata.name is required');
      }

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would ${
            input.upsert ? 'upsert' : 'create'
          } ApplicationSet ${name} on agent ${input.agentId}`,
        );
        ctx.output('name', name);
        ctx.output('applications', []);
        const planned = fleetLinks(input.agentId, manifest);
        ctx.output('applicationSetUrl', planned.agent);
        ctx.output('applicationsUrl', planned.environments);
        return;
      }
      const result = await client.createApplicationSet(
        {
          agentId: input.agentId,
          manifest,
          upsert: input.upsert,
          dryRun: input.validateOnly,
          entityRef: input.entityRef,
        },
        await ctx.getInitiatorCredentials(),
      );
      ctx.logger.info(
        `${
          result.dryRun ? 'Validated' : 'Created'
        } ApplicationSet ${name} on agent ${input.agentId}`,
      );
      ctx.output('name', result.applicationSet?.name ?? name);
      // built with this realm's Array (see deploymentTargets.ts)
      ctx.output(
        'applications',
        Array.from(result.applicationSet?.applications ?? [], String),
      );
      const links = fleetLinks(input.agentId, manifest);
      ctx.output('applicationSetUrl', links.agent);
      ctx.output('applicationsUrl', links.environments);
      if (result.auditId !== undefined) {
        ctx.output('auditId', String(result.auditId));
      }
    },
  });
}
