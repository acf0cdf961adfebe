import { LoggerService } from '@backstage/backend-plugin-api';
import { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentError,
  GitOpsProvider,
} from '@gitops-suite/plugin-gitops-node';
import { toAgentError } from '../providers/http/toAgentError';
import { OperationStore } from '../audit/OperationStore';
import { AgentOperationInput } from '../audit/types';
import { DeliveryEventStore } from '../metrics/DeliveryEventStore';
import { newDeployments } from '../metrics/extractDeliveryEvents';

/** Revision metadata calls one recording may spend on commit dates. */
const METADATA_BUDGET = 20;

/**
 * Reads one application in full, once, after an operation of it ended
 * (the lean fleet state has no history): records the history entries not
 * recorded yet, as deployments and, where the portal did not make them and
 * the application was recorded before, as audited operations of their
 * initiator; then the commit dates of the revisions they deployed.
 */
export async function recordHistory(options: {
  provider: GitOpsProvider;
  lean: GitOpsApplication;
  store: DeliveryEventStore;
  audit: Pick<OperationStore, 'recordAgentOperations'>;
  logger: LoggerService;
  timeoutMs: number;
}): Promise<number> {
  const { provider, lean, store, audit, timeoutMs } = options;
  const ref = {
    name: lean.name,
    namespace: lean.namespace,
    project: lean.project,
  };
  const full = await provider.getApplication(ref, {
    signal: AbortSignal.timeout(timeoutMs),
  });
  // the lean state resolved the environment and service the same way
  const app = { ...full, environment: lean.environment, service: lean.service };
  const known = await store.listDeployments([app.key]);
  const added = newDeployments(app, known);
  if (added.length) {
    // the backlog an application brings when it is first recorded is its
    // past, not operations the recorder saw: only entries that appear after
    // the first recording are audited (a fleet's first start would
    // otherwise write its whole history into the audit). First, so a failed
    // write is retried with the deployments next time.
    if (known.length) {
      await audit.recordAgentOperations(agentOperations(app, added));
    }
    await store.addDeployments(added);
  }

  const pending = await store.deploymentsWithoutCommitDate(
    [app.key],
    METADATA_BUDGET,
  );
  for (const revision of new Set(pending.map(d => d.revision))) {
    const date = await commitDate(options, app, revision);
    // null: the agent could not answer now; the next recording asks again
    if (date !== null) await store.setCommitDate(app.key, revision, date);
  }
  return added.length;
}

/** The history entries of new deployments, as the audit records them. */
function agentOperations(
  app: GitOpsApplication,
  added: Array<{ historyId: number; revision: string; deployedAt: string }>,
): AgentOperationInput[] {
  return added.map(deployment => {
    const entry = app.history.find(h => h.id === deployment.historyId);
    return {
      agentId: app.agentId,
      application: app.name,
      ...(app.namespace && { appNamespace: app.namespace }),
      ...(app.environment && { environment: app.environment }),
      ...(entry?.initiatedBy && { initiatedBy: entry.initiatedBy }),
      historyId: deployment.historyId,
      revision: deployment.revision,
      startedAt: entry?.deployStartedAt ?? deployment.deployedAt,
      finishedAt: deployment.deployedAt,
    };
  });
}

async function commitDate(
  options: {
    provider: GitOpsProvider;
    logger: LoggerService;
    timeoutMs: number;
  },
  app: GitOpsApplication,
  revision: string,
): Promise<string | undefined | null> {
  try {
    const metadata = await options.provider.getRevisionMetadata(
      { name: app.name, namespace: app.namespace, project: app.project },
      revision,
      { signal: AbortSignal.timeout(options.timeoutMs) },
    );
    return metadata.date && !Number.isNaN(Date.parse(metadata.date))
      ? new Date(metadata.date).toISOString()
      : undefined;
  } catch (error) {
    if (error instanceof GitOpsAgentError && error.status === 404) {
      return undefined;
    }
    options.logger.debug(
      `No commit date for ${app.key}@${revision}: ${
        toAgentError(app.agentId, error).message
      }`,
    );
    return null;
  }
}
