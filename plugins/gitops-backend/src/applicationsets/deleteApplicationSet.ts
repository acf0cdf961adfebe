import type { Request } from 'express';
import { actorOf } from '../service/actor';
import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotAllowedError, NotFoundError } from '@backstage/errors';
import {
  gitopsApplicationSetDeletePermission,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import { hasProviderCapability } from '@gitops-suite/plugin-gitops-node';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  authorizeApplicationSetChange,
  readExistingApplicationSet,
  refuseApplicationSet,
} from './applicationSetAccess';

/**
 * Deletes an ApplicationSet for its owners, audited, whether the route, an
 * action or MCP asks. Nothing reaches the agent until:
 * - the caller holds `gitops.applicationset.delete` on every entity that
 *   claims the set (a set nobody claims needs `gitops.applicationset.admin`);
 * - every application the set runs now lies where each claimant's owners
 *   may deploy: a claim alone never makes another team's applications
 *   theirs to delete.
 */
export async function deleteApplicationSet(
  ctx: Pick<GitOpsServices, 'access' | 'fleet' | 'operations' | 'providers'>,
  caller: { credentials: BackstageCredentials; request?: Request },
  agentId: string,
  name: string,
): Promise<{ auditId: string; applicationSet: GitOpsApplicationSet }> {
  const { credentials, request } = caller;
  const { providers, operations } = ctx;
  const provider = providers.get(agentId);
  if (!hasProviderCapability(provider, 'applicationSets')) {
    throw new NotAllowedError(
      `Not allowed: agent ${agentId} (${provider.agent.kind}) cannot delete ApplicationSets`,
    );
  }
  const existing = await readExistingApplicationSet(ctx, provider, name);
  if (!existing) {
    throw new NotFoundError(
      `Agent ${agentId} has no ApplicationSet named ${name}`,
    );
  }
  const access = await authorizeApplicationSetChange(ctx, credentials, {
    agentId,
    existing,
    permission: gitopsApplicationSetDeletePermission,
  });
  if (!access.admin) {
    for (const claimant of access.claimants) {
      // the one write decision: what the set runs now must be the
      // claimant's owners' to delete
      const decision = await ctx.operations.decideWrite({
        credentials,
        entityRef: claimant,
        permission: gitopsApplicationSetDeletePermission,
        touches: [
          {
            type: 'generated',
            agentId,
            applications: [],
            current: access.current,
          },
        ],
      });
      if (decision.result === 'deny') {
        refuseApplicationSet(
          `deleting ApplicationSet ${name}`,
          'would delete',
          claimant,
          decision.owners,
          decision.reasons.map(r => ({
            application: r.application ?? r.subject,
            reason: r.reason,
          })),
        );
      }
    }
  }
  const remove = provider.deleteApplicationSet.bind(provider);
  const { auditId } = await operations.audited(
    {
      actor: actorOf(credentials),
      entityRef: access.claimants[0],
      agentId,
      application: name,
      action: 'applicationset.delete',
      parameters: {
        applications: access.current.map(app => app.name),
        ...(access.admin && { admin: true }),
      },
    },
    request,
    () => remove({ name, id: existing.id }),
  );
  return { auditId, applicationSet: existing };
}
