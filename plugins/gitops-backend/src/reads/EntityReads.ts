import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef } from '@backstage/catalog-model';
import type {
  AgentError,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import type { AuditOperation, DriftRecord } from '../audit/types';
import type { GitOpsServices } from '../service/GitOpsServices';

/**
 * What an entity's pages read: its applications by environment, its
 * ApplicationSets and its events. Every read needs
 * `gitops.application.read` on the entity; each takes the caller's
 * credentials and the entity's ref, and returns the answer.
 */
export class EntityReads {
  constructor(
    private readonly ctx: Pick<GitOpsServices, 'access' | 'audit' | 'fleet'>,
  ) {}

  /** The entity's applications grouped by environment, in promotion order. */
  applications(credentials: BackstageCredentials, ref: CompoundEntityRef) {
    return this.ctx.access.applications(credentials, ref);
  }

  /**
   * The ApplicationSets the entity names, and those that generate one of
   * its applications.
   */
  async applicationSets(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<{ items: GitOpsApplicationSet[]; errors: AgentError[] }> {
    const { query } = await this.ctx.access.readable(credentials, ref);
    const { items, errors } = await this.ctx.fleet.entityApplicationSets(query);
    return { items, errors };
  }

  /**
   * The entity's last 100 operations and its applications' last 200 drift
   * events (50 per application), newest first.
   */
  async events(
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ): Promise<{ audit: AuditOperation[]; drift: DriftRecord[] }> {
    const { entityRef, query } = await this.ctx.access.readable(
      credentials,
      ref,
    );
    const { fleet, audit: log } = this.ctx;
    const apps = await fleet.entityApplications(query);
    const [audit, drift] = await Promise.all([
      log.listOperations({ entityRef, limit: 100 }),
      Promise.all(
        // each application's own: a same-named one in another namespace
        // is another application
        apps.items.map(app =>
          log.listDriftEvents({
            agentId: app.agentId,
            application: app.name,
            appNamespace: app.namespace,
            limit: 50,
          }),
        ),
      ),
    ]);
    return {
      audit,
      drift: drift
        .flat()
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt))
        .slice(0, 200),
    };
  }
}
