import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { GitOpsService } from '../service/GitOpsService';
import { refreshApplication } from '../service/applicationOperations';
import {
  applicationSummarySchema,
  summarizeApplication,
} from './applicationSummary';
import {
  applicationTarget,
  applicationTargetFields,
  definedFields,
} from './applicationTargetInput';

export const createRefreshApplicationAction = ({
  ctx,
  actionsRegistry,
}: {
  ctx: GitOpsService;
  actionsRegistry: ActionsRegistryService;
}) => {
  actionsRegistry.register({
    name: 'refresh-application',
    title: 'Refresh a GitOps Application',
    description: `
Asks the GitOps agent to re-read an application's desired state from Git and compare it with the
cluster again ("normal"), or also to regenerate its manifests ("hard"). It changes nothing in the
cluster. Use it when the reported sync status looks stale.

The application must belong to the given catalog entity (see get-entity-gitops-status). The
operation is recorded in the GitOps audit log under the caller's identity. Requires the
gitops.application.refresh permission on the entity.
    `,
    attributes: { destructive: false, readOnly: false, idempotent: true },
    schema: {
      input: z =>
        z.object({
          ...applicationTargetFields(z),
          mode: z
            .enum(['normal', 'hard'])
            .optional()
            .describe(
              '"normal" (default) compares again; "hard" also regenerates manifests.',
            ),
        }),
      output: z =>
        z.object({
          auditId: z.string().describe('The audit log entry of this refresh.'),
          application: applicationSummarySchema(z).describe(
            'The application as the agent reports it after the refresh.',
          ),
        }),
    },
    examples: [
      {
        title: 'Refresh the production payments application',
        input: {
          entityRef: 'component:default/payments',
          agentId: 'prod',
          application: 'payments-prod',
        },
      },
    ],
    action: async ({ input, credentials, logger }) => {
      logger.info(
        `Refreshing ${input.agentId}/${input.application} of ${input.entityRef}`,
      );
      const { auditId, application } = await refreshApplication(
        ctx,
        { credentials, target: applicationTarget(input) },
        definedFields({ mode: input.mode }),
      );
      return {
        output: ctx.scrub({
          auditId,
          application: summarizeApplication(application),
        }),
      };
    },
  });
};
