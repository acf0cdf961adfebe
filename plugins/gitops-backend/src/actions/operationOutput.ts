import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  ActionZod,
  applicationSummarySchema,
  summarizeApplication,
} from './applicationSummary';

/**
 * The output schema of an operation action (`what`: "sync", "refresh",
 * ...): its audit log entry and the application as the agent reports it.
 */
export function operationOutputSchema(
  what: string,
  applicationDescription = `The application as the agent reports it after the ${what}.`,
) {
  return (z: ActionZod) =>
    z.object({
      auditId: z.string().describe(`The audit log entry of this ${what}.`),
      application: applicationSummarySchema(z).describe(applicationDescription),
    });
}

/** An operation action's answer, summarized and scrubbed. */
export function operationOutput(
  ctx: Pick<GitOpsServices, 'scrubber'>,
  result: { auditId: string; application: GitOpsApplication },
) {
  return {
    output: ctx.scrubber.scrub({
      auditId: result.auditId,
      application: summarizeApplication(result.application),
    }),
  };
}
