import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import type { ApplicationRef } from '../api';

/** Names an application of an entity for the per-application endpoints. */
export function toApplicationRef(
  entityRef: string,
  app: Pick<GitOpsApplication, 'agentId' | 'name' | 'namespace'>,
): ApplicationRef {
  return {
    entityRef,
    agentId: app.agentId,
    name: app.name,
    namespace: app.namespace,
  };
}
