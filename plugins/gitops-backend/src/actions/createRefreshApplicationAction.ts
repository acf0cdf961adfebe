import type { GitOpsServices } from '../service/GitOpsServices';
import type { RefreshRequest } from '@gitops-suite/plugin-gitops-common';
import { refresh } from '../service/applicationOperations';
import {
  applicationTargetFields,
  exampleTarget,
  targetAndBody,
} from './applicationTargetInput';
import { APPLICATION_PATH, specBodyFields } from './specBodyInput';
import { gitOpsAction } from './gitOpsAction';
import { operationOutput, operationOutputSchema } from './operationOutput';

export const createRefreshApplicationAction = (
  ctx: Pick<GitOpsServices, 'operations' | 'scrubber'>,
) =>
  gitOpsAction({
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
          ...specBodyFields(z, `${APPLICATION_PATH}/refresh`, {
            mode: '"normal" (default) compares again; "hard" also regenerates manifests.',
          }),
        }),
      output: operationOutputSchema('refresh'),
    },
    examples: [
      {
        title: 'Refresh the production payments application',
        input: exampleTarget,
      },
    ],
    action: async ({ input, credentials, logger }) => {
      logger.info(
        `Refreshing ${input.agentId}/${input.application} of ${input.entityRef}`,
      );
      const { target, body } = targetAndBody<Required<RefreshRequest>>(input);
      const { auditId, application } = await refresh(
        ctx,
        { credentials, target },
        body,
      );
      return operationOutput(ctx, { auditId, application });
    },
  });
