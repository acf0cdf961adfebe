import { gitopsFleetReadPermission } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  agentErrorsSchema,
  applicationSummarySchema,
  summarizeAgentErrors,
  summarizeApplication,
} from './applicationSummary';
import { gitOpsAction } from './gitOpsAction';

export const createListDegradedApplicationsAction = (
  ctx: Pick<GitOpsServices, 'access' | 'providers' | 'scrubber'>,
) =>
  gitOpsAction({
    name: 'list-degraded-applications',
    title: 'List Degraded GitOps Applications',
    description: `
Lists the GitOps applications across the whole fleet (every Argo CD and Harness GitOps agent the
portal knows) whose health is Degraded, optionally only on some agents or in some environments.

Use it to find what is broken right now, for example "which production applications are degraded?".
Agents that could not be reached are listed in \`errors\`. Requires the gitops.fleet.read permission.
    `,
    attributes: { destructive: false, readOnly: true, idempotent: true },
    visibilityPermission: gitopsFleetReadPermission,
    schema: {
      input: z =>
        z.object({
          agent: z
            .array(z.string().min(1))
            .max(100)
            .optional()
            .describe('Only these agent ids. Omit for every agent.'),
          environment: z
            .array(z.string().min(1))
            .max(100)
            .optional()
            .describe('Only these environments (e.g. ["prod"]). Omit for all.'),
          limit: z
            .number()
            .int()
            .min(1)
            .max(1000)
            .optional()
            .describe('At most this many applications (default 100).'),
        }),
      output: z =>
        z.object({
          total: z
            .number()
            .describe(
              'How many degraded applications matched, before the limit.',
            ),
          items: z.array(applicationSummarySchema(z)),
          errors: agentErrorsSchema(z),
        }),
    },
    examples: [
      {
        title: 'Degraded applications in production',
        input: { environment: ['prod'] },
      },
    ],
    action: async ({ input, credentials }) => {
      const { items, errors } = await ctx.access.fleetApplications(
        credentials,
        {
          agent: input.agent,
          environment: input.environment,
          health: ['Degraded'],
        },
      );
      // an unknown agent id is a mistake to name, not an empty answer
      input.agent?.forEach(agentId => ctx.providers.get(agentId));
      return {
        output: ctx.scrubber.scrub({
          total: items.length,
          items: items.slice(0, input.limit ?? 100).map(summarizeApplication),
          errors: summarizeAgentErrors(errors),
        }),
      };
    },
  });
