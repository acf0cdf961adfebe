import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError } from '@backstage/errors';
import { GitOpsBackendClient } from '../gitopsApi/GitOpsBackendClient';

/**
 * The Applications an agent would generate from an ApplicationSet, by way
 * of the gitops backend's generate preview (the agent's own generators,
 * nothing stored, nothing audited), checked there against the trust model
 * for `entityRef`'s owners: a set the real run would refuse fails its dry
 * run the same way, naming each application and why.
 */
export async function previewOnAgent(
  client: GitOpsBackendClient | undefined,
  request: {
    agentId: string;
    entityRef?: string;
    manifest: Record<string, unknown>;
  },
  credentials: BackstageCredentials,
): Promise<string[]> {
  if (!client) {
    throw new InputError(
      'agentId: this action was created without a gitops backend client, so it cannot ask an agent',
    );
  }
  if (!request.entityRef) {
    throw new InputError(
      'entityRef: a preview on an agent is checked for the entity the ApplicationSet is for (or the group that will own a new service); give it with agentId',
    );
  }
  const preview = await client.previewApplicationSet(
    {
      agentId: request.agentId,
      manifest: request.manifest,
      entityRef: request.entityRef,
    },
    credentials,
  );
  if (preview.problems.length) {
    throw new NotAllowedError(
      `Not allowed: the ApplicationSet for ${
        request.entityRef
      } would place applications where its owners may not deploy: ${preview.problems
        .map(p => `${p.application}: ${p.reason}`)
        .join('; ')}`,
    );
  }
  // the names, each once: a generator may yield one application twice
  // (a matrix over overlapping directories), as the set's status lists it once
  return [...new Set(preview.applications.map(app => app.name))].sort();
}
