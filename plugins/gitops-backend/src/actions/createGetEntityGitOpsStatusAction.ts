import type { GitOpsServices } from '../service/GitOpsServices';
import {
  agentErrorsSchema,
  applicationSummarySchema,
  summarizeAgentErrors,
  summarizeApplication,
} from './applicationSummary';
import { gitOpsAction } from './gitOpsAction';
import { parseEntityRefInput } from './parseEntityRefInput';

export const createGetEntityGitOpsStatusAction = (
  ctx: Pick<GitOpsServices, 'access' | 'scrubber'>,
) =>
  gitOpsAction({
    name: 'get-entity-gitops-status',
    title: 'Get GitOps Status of a Catalog Entity',
    description: `
Returns the GitOps (Argo CD / Harness GitOps) applications that deploy a catalog entity, grouped by
environment in promotion order (for example dev, qa, prod), with each application's sync status,
health and the Git revision it runs.

Use it to answer "what version of this service runs where, and is it healthy?". The entity must carry
GitOps annotations (gitops/service, gitops/app-selector, argocd/app-name, ...). Agents that could not
be reached are listed in \`errors\`; their applications are missing from \`environments\`.
Requires the gitops.application.read permission on the entity.
    `,
    attributes: { destructive: false, readOnly: true, idempotent: true },
    schema: {
      input: z =>
        z.object({
          entityRef: z
            .string()
            .min(1)
            .max(512)
            .describe(
              'The catalog entity, as "kind:namespace/name" (e.g. "component:default/payments"). Kind defaults to Component and namespace to default.',
            ),
        }),
      output: z =>
        z.object({
          entityRef: z.string().describe('The full entity ref.'),
          environments: z
            .array(
              z.object({
                name: z.string().describe('The environment name.'),
                title: z.string().describe('Its display title.'),
                production: z
                  .boolean()
                  .describe('Whether it is a production environment.'),
                applications: z.array(applicationSummarySchema(z)),
              }),
            )
            .describe(
              'Environments in promotion order, each with its applications.',
            ),
          errors: agentErrorsSchema(z),
        }),
    },
    examples: [
      {
        title: 'Where does the payments service run?',
        input: { entityRef: 'component:default/payments' },
      },
    ],
    action: async ({ input, credentials, logger }) => {
      const ref = parseEntityRefInput(input.entityRef);
      logger.info(`Reading GitOps status of ${input.entityRef}`);
      const { entityRef, environments, errors } = await ctx.access.applications(
        credentials,
        ref,
      );
      return {
        output: ctx.scrubber.scrub({
          entityRef,
          environments: environments.map(group => ({
            name: group.name,
            title: group.title,
            production: group.production,
            applications: group.applications.map(summarizeApplication),
          })),
          errors: summarizeAgentErrors(errors),
        }),
      };
    },
  });
