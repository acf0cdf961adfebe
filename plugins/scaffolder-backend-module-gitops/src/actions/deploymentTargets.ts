import { z } from 'zod';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './deploymentTargets.examples';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';
import { ENTITY_REF, DNS_LABEL, actionSchema } from './validation';

export const DEPLOYMENT_TARGETS_ACTION_ID = 'gitops:deployment:targets';

export const targetsInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    agentId: zImpl
      .string()
      .min(1)
      .describe('The configured GitOps agent (gitops.agents[].id)'),
    owner: zImpl
      .string()
      .regex(ENTITY_REF, 'owner must be an entity ref (group:default/team-a)')
      .describe('The Backstage owner of the new service'),
    environments: zImpl
      .array(zImpl.string().regex(DNS_LABEL, 'not an environment name'))
      .min(1, 'at least one environment is required')
      .describe('The environments to deploy to'),
    project: zImpl
      .string()
      .optional()
      .describe(
        "One of the owner's projects; needed only when the owner has several",
      ),
  });

/**
 * `gitops:deployment:targets`: where a new service deploys, asked of the
 * gitops backend so that the trust model's own rule decides: the owner's
 * project (gitops.projects) and, for each environment, a cluster the
 * agent serves it on. Reads only, so it runs in a dry run too.
 */
export function createDeploymentTargetsAction(options: {
  client: GitOpsBackendClient;
}) {
  return createTemplateAction({
    id: DEPLOYMENT_TARGETS_ACTION_ID,
    description:
      "Finds where a new service deploys through a GitOps agent: its owner's project and, for each environment, a cluster the agent serves it on",
    supportsDryRun: true,
    examples,
    schema: {
      input: actionSchema(targetsInputSchema),
      output: {
        project: zImpl =>
          zImpl.string().describe("The owner's project on the agent"),
        environments: zImpl =>
          zImpl
            .array(
              zImpl.object({ name: zImpl.string(), cluster: zImpl.string() }),
            )
            .describe(
              'Each environment with the server URL of its cluster, as gitops:applicationset:render takes them',
            ),
      },
    },
    async handler(ctx) {
      // validated once, by the scaffolder against the schema above (no
      // defaults or transforms to apply); the backend's spec checks the
      // same request again and names a field it refuses
      const input = ctx.input as z.infer<ReturnType<typeof targetsInputSchema>>;
      const targets = await options.client.deploymentTargets(
        input,
        await ctx.getInitiatorCredentials(),
      );
      ctx.logger.info(
        `${input.owner} deploys to project ${targets.project} through agent ${
          input.agentId
        }: ${targets.environments
          .map(env => `${env.name} on ${env.cluster}`)
          .join(', ')}`,
      );
      ctx.output('project', targets.project);
      // built with this realm's Array: the scaffolder's template engine
      // refuses an array whose prototype is not its own Array.prototype
      ctx.output(
        'environments',
        Array.from(targets.environments, env => ({
          name: env.name,
          cluster: env.server,
        })),
      );
    },
  });
}
