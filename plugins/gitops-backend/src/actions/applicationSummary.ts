import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import {
  AgentError,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';

/** The zod instance the actions registry hands to schema factories. */
export type ActionZod = Parameters<
  Parameters<ActionsRegistryService['register']>[0]['schema']['input']
>[0];

/** What an action tells about one application (no manifests, no secrets). */
export function applicationSummarySchema(z: ActionZod) {
  return z.object({
    agentId: z.string().describe('The GitOps agent serving the application.'),
    name: z.string().describe('The application name on that agent.'),
    namespace: z
      .string()
      .optional()
      .describe('The Application resource namespace, when the agent has one.'),
    project: z.string().describe('The Argo CD / Harness project.'),
    environment: z
      .string()
      .describe('The resolved environment (dev, qa, prod, ...).'),
    syncStatus: z
      .string()
      .describe('Synced, OutOfSync or Unknown: live state versus Git.'),
    healthStatus: z
      .string()
      .describe(
        'Healthy, Progressing, Degraded, Suspended, Missing or Unknown.',
      ),
    healthMessage: z.string().optional().describe('Why it is not healthy.'),
    revision: z
      .string()
      .optional()
      .describe(
        'The Git revision (commit SHA) the live state was compared to.',
      ),
    revisions: z
      .array(z.string())
      .optional()
      .describe('One revision per source, for multi-source applications.'),
    operationPhase: z
      .string()
      .optional()
      .describe(
        'Phase of the current or last sync/rollback: Running, Succeeded, Failed, Error or Terminating.',
      ),
    lastSyncedAt: z.string().optional().describe('When it last synced.'),
    uiUrl: z
      .string()
      .optional()
      .describe('Where a person opens the application in the agent UI.'),
  });
}

/** The failures of agents that did not answer, next to the results. */
export function agentErrorsSchema(z: ActionZod) {
  return z
    .array(
      z.object({
        agentId: z.string(),
        code: z.string(),
        message: z.string(),
      }),
    )
    .describe(
      'Agents that could not be read; their applications are missing from the result.',
    );
}

export function summarizeApplication(app: GitOpsApplication) {
  return {
    agentId: app.agentId,
    name: app.name,
    namespace: app.namespace,
    project: app.project,
    environment: app.environment,
    syncStatus: app.sync.status,
    healthStatus: app.health.status,
    healthMessage: app.health.message,
    revision: app.sync.revision,
    revisions: app.sync.revisions,
    operationPhase: app.operation?.phase,
    lastSyncedAt: app.lastSyncedAt,
    uiUrl: app.uiUrl,
  };
}

export function summarizeAgentErrors(errors: AgentError[]) {
  return errors.map(({ agentId, code, message }) => ({
    agentId,
    code,
    message,
  }));
}
