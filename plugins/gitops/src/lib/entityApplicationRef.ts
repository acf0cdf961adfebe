import type {
  EntityApplicationRef,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';

/** Names an application of an entity for the per-application endpoints. */
export function toEntityApplicationRef(
  entityRef: string,
  app: Pick<GitOpsApplication, 'agentId' | 'name' | 'namespace'>,
): EntityApplicationRef {
  return {
    entityRef,
    agentId: app.agentId,
    name: app.name,
    namespace: app.namespace,
  };
}
