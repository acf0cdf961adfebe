import {
  AuditorService,
  AuditorServiceCreateEventOptions,
  LoggerService,
} from '@backstage/backend-plugin-api';
import { ServiceUnavailableError } from '@backstage/errors';
import type { JsonObject } from '@backstage/types';
import { OperationAction } from '@gitops-suite/plugin-gitops-common';
import { OperationStore } from '../audit/OperationStore';
import { ApplicationRefresh } from '../fleet/ApplicationRefresh';
import { FleetView } from '../fleet/FleetView';

/** Tries to record a succeeded operation (about 7.5 s in all). */
const COMPLETE_ATTEMPTS = 5;

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
 * Backstage's auditor. The application is re-read afterwards.
 */
export class OperationRunner {
  constructor(
    private readonly store: OperationStore,
    private readonly auditor: AuditorService,
    private readonly fleet: {
      view: Pick<FleetView, 'environmentOf'>;
      refresh: ApplicationRefresh;
    },
    private readonly logger: LoggerService,
  ) {}

  /**
   * `request` is the HTTP request when there is one (Backstage's auditor
   * reads the caller and client from it); actions have none, and the actor
   * in the event's metadata names the caller either way.
   */
  async run<T>(
    input: OperationInput,
    request: AuditorServiceCreateEventOptions['request'],
    call: () => Promise<T>,
  ): Promise<{ auditId: string; result: T }> {
    const row = await this.store
      .startOperation(this.located(input))
      .catch(error => {
        // bad input stays a 400; anything else means the audit log is away
        if ((error as Error)?.name === 'InputError') throw error;
        this.logger.error(
          `Could not write the audit row of a ${input.action}: ${error}`,
        );
        throw new ServiceUnavailableError(
          `The audit log is unavailable, so the ${input.action} was not started; try again shortly`,
        );
      });
    const auditEvent = await this.auditorEvent(input, request, row.id);
    try {
      let result: T;
      try {
        result = await call();
      } catch (error) {
        const message = (error as Error)?.message ?? String(error);
        // the agent's own access control refused the user (Argo CD RBAC,
        // Harness access control): a refusal, as the portal's are
        const name = (error as Error)?.name;
        const outcome =
          name === 'NotAllowedError' || name === 'AuthenticationError'
            ? 'refused'
            : 'failed';
        await this.store
          .completeOperation(row.id, { outcome, message })
          .catch(e =>
            this.logger.error(`Could not complete audit row ${row.id}: ${e}`),
          );
        await auditEvent.fail({ error: error as Error });
        throw error;
      }
      // The agent did it: never record or answer that as a failure because
      // the database is briefly away.
      await this.completeSucceeded(row.id);
      await auditEvent.success();
      return { auditId: row.id, result };
    } finally {
      // the next read shows the application as the agent has it now; an
      // ApplicationSet's change may touch many, so its agent is resynced
      await this.fleet.refresh.applicationChanged(
        input.agentId,
        input.application && !input.action.startsWith('applicationset.')
          ? { name: input.application, namespace: input.appNamespace }
          : undefined,
      );
    }
  }

  /**
   * Records an operation the portal refused (a permission, the trust
   * model) before calling the agent, so it is in the application's events
   * and Backstage's auditor. The refusal is what the caller gets; a
   * database that is away only costs the record (logged).
   */
  async refused(
    input: OperationInput,
    request: AuditorServiceCreateEventOptions['request'],
    error: Error,
  ): Promise<void> {
    try {
      const row = await this.store.startOperation(this.located(input));
      await this.store.completeOperation(row.id, {
        outcome: 'refused',
        message: error.message,
      });
      const auditEvent = await this.auditorEvent(input, request, row.id);
      await auditEvent.fail({ error });
    } catch (recording) {
      this.logger.error(
        `Could not record a refused ${input.action} of ${input.application}: ${recording}`,
      );
    }
  }

  /** The operation with its application's environment, where known. */
  private located(input: OperationInput) {
    const environment =
      input.application && !input.action.startsWith('applicationset.')
        ? this.fleet.view.environmentOf(input.agentId, {
            name: input.application,
            namespace: input.appNamespace,
          })
        : undefined;
    return environment ? { ...input, environment } : input;
  }

  /** Backstage's auditor event of an operation, with its audit row's id. */
  private auditorEvent(
    input: OperationInput,
    request: AuditorServiceCreateEventOptions['request'],
    auditId: string,
  ) {
    return this.auditor.createEvent({
      eventId: `application-${input.action.replace('.', '-')}`,
      severityLevel: 'medium',
      request,
      meta: {
        auditId,
        actor: input.actor,
        agentId: input.agentId,
        application: input.application,
        appNamespace: input.appNamespace,
        entityRef: input.entityRef,
        parameters: input.parameters as JsonObject,
      },
    });
  }

  /**
   * Marks an operation succeeded, retrying while the database is
   * unreachable; if it stays away, the row remains pending (reported as
   * `unknown` later) rather than wrong.
   */
  private async completeSucceeded(id: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.store.completeOperation(id, { outcome: 'succeeded' });
        return;
      } catch (error) {
        // an earlier attempt did commit, only its answer was lost
        if ((error as Error)?.name === 'ConflictError') return;
        if (attempt >= COMPLETE_ATTEMPTS) {
          this.logger.error(
            `Could not record audit row ${id} as succeeded; it stays pending: ${error}`,
          );
          return;
        }
        await new Promise(resolve => setTimeout(resolve, 250 * 2 ** attempt));
      }
    }
  }
}
