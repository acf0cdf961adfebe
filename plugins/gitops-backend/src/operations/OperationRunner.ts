import {
  AuditorService,
  LoggerService,
} from '@backstage/backend-plugin-api';
import type { Request } from 'express';
import type { JsonObject } from '@backstage/types';
import { OperationAction } from '@gitops-suite/plugin-gitops-common';
import { AuditStore } from '../audit/AuditStore';
import { ApplicationAggregator } from '../aggregation/ApplicationAggregator';

export interface OperationInput {
  actor: string;
  entityRef?: string;
  agentId: string;
  application?: string;
  appNamespace?: string;
  action: OperationAction;
  parameters: Record<string, unknown>;
}

/**
 * Runs one operation against an agent with an honest audit trail: the row is
 * written before the agent is called (so a crash leaves an "unknown
 * outcome", not nothing), completed after, and the same event goes to
 * Backstage's auditor. The agent's cached lists are dropped afterwards.
 */
export class OperationRunner {
  constructor(
    private readonly store: AuditStore,
    private readonly auditor: AuditorService,
    private readonly aggregator: ApplicationAggregator,
    private readonly logger: LoggerService,
  ) {}

  async run<T>(
    input: OperationInput,
    request: Request,
    call: () => Promise<T>,
  ): Promise<{ auditId: string; result: T }> {
    const row = await this.store.startOperation(input);
    const auditEvent = await this.auditor.createEvent({
      eventId: `application-${input.action.replace('.', '-')}`,
      severityLevel: 'medium',
      request,
      meta: {
        auditId: row.id,
        agentId: input.agentId,
        application: input.application,
        appNamespace: input.appNamespace,
        entityRef: input.entityRef,
        parameters: input.parameters as JsonObject,
      },
    });
    try {
      const result = await call();
      await this.store.completeOperation(row.id, { outcome: 'succeeded' });
      await auditEvent.success();
      return { auditId: row.id, result };
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      await this.store
        .completeOperation(row.id, { outcome: 'failed', message })
        .catch(e =>
          this.logger.error(`Could not complete audit row ${row.id}: ${e}`),
        );
      await auditEvent.fail({ error: error as Error });
      throw error;
    } finally {
      await this.aggregator.invalidateAgent(input.agentId);
    }
  }
}
