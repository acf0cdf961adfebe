import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { CompoundEntityRef } from '@backstage/catalog-model';
import {
  gitopsApplicationSetCreatePermission,
  gitopsPromotePermission,
  gitopsPullRequestMergePermission,
  type GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import { WriteDecision } from '../trust/WriteAuthorization';

/** The entity permissions a git write may be decided for, by name. */
const GIT_WRITE_PERMISSIONS = {
  [gitopsPromotePermission.name]: gitopsPromotePermission,
  [gitopsApplicationSetCreatePermission.name]:
    gitopsApplicationSetCreatePermission,
  [gitopsPullRequestMergePermission.name]: gitopsPullRequestMergePermission,
};

type GitWriteRequest = GitOpsApiRequestBody<
  '/entity/{namespace}/{kind}/{name}/git-writes/authorize',
  'post'
>;

/**
 * A git write a template step (or any automation) is about to make for an
 * entity, decided by the one write decision before anything is fetched or
 * written: the same rule a merge through the portal is held to.
 */
export async function decideGitWrite(
  ctx: Pick<GitOpsServices, 'access' | 'operations'>,
  credentials: BackstageCredentials,
  ref: CompoundEntityRef,
  body: GitWriteRequest,
): Promise<Omit<WriteDecision, 'permitted'>> {
  // the entity as the caller may see it (404 otherwise)
  const entityRef = await ctx.access.visibleEntityRef(
    `${ref.kind}:${ref.namespace}/${ref.name}`,
    credentials,
  );
  const { permitted, ...decision } = await ctx.operations.decideWrite({
    credentials,
    entityRef,
    permission: GIT_WRITE_PERMISSIONS[body.permission],
    touches: [
      {
        type: 'repository',
        repoUrl: body.repoUrl,
        paths: body.paths,
        deployed: body.deployed,
      },
    ],
  });
  return decision;
}
