import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import { GitOpsBackendClient } from '../gitopsApi/GitOpsBackendClient';

/**
 * The Applications an agent would generate from an ApplicationSet, by way
 * of the gitops backend: a server-side dry run of the create
 * (`dryRun` on POST /api/v1/applicationsets), which runs the agent's
 * generators without storing anything. Permissions and audit apply as for
 * a create.
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
  const result = await client.createApplicationSet(
    {
      agentId: request.agentId,
      manifest: request.manifest,
      upsert: true,
      dryRun: true,
      entityRef: request.entityRef,
    },
    credentials,
  );
  const apps = (result.applicationSet as { applications?: unknown })
    .applications;
  return Array.isArray(apps) ? apps.map(String).sort() : [];
}
