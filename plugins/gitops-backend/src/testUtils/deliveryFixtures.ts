import type { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import type { AppIdentity, DeploymentEvent } from '../metrics/types';

/** dev, qa and prod, in promotion order. */
export const promotionEnvironments = [
  { name: 'dev', order: 1 },
  { name: 'qa', order: 2 },
  { name: 'prod', order: 3 },
] as EnvironmentDefinition[];

/** The payments service's application `payments-<environment>` on an agent. */
export function paymentsInstance(
  agentId: string,
  environment: string,
): AppIdentity {
  return {
    appKey: `${agentId}:/payments-${environment}`,
    agentId,
    application: `payments-${environment}`,
    service: 'payments',
    environment,
  };
}

/** A deployment of a new revision (no rollback) of an application. */
export function deployment(
  app: AppIdentity,
  historyId: number,
  revision: string,
  deployedAt: string,
  extra: Partial<DeploymentEvent> = {},
): DeploymentEvent {
  return {
    ...app,
    historyId,
    revision,
    deployedAt,
    revisionChanged: true,
    rollback: false,
    ...extra,
  };
}
