import { ApiBlueprint } from '@backstage/frontend-plugin-api';
import { gitOpsUserIdentityApiRef, noUserIdentity } from '../api';
import { gitopsApiFactory } from '../api/gitopsApiFactory';

/** The GitOps API (`gitopsApiRef`), over the backend plugin `gitops`. */
export const gitopsApi = ApiBlueprint.make({
  params: defineParams => defineParams(gitopsApiFactory),
});

/**
 * The user's ID token for agents that decide as the user
 * (`gitOpsUserIdentityApiRef`, extension `api:gitops/user-identity`): none
 * by default. An app binds it to its OIDC auth API by overriding this
 * extension from a module of the `gitops` plugin, e.g.
 *
 * ```ts
 * createFrontendModule({
 *   pluginId: 'gitops',
 *   extensions: [
 *     ApiBlueprint.make({
 *       name: 'user-identity',
 *       params: defineParams =>
 *         defineParams({
 *           api: gitOpsUserIdentityApiRef,
 *           deps: { oidc: myOidcAuthApiRef },
 *           factory: ({ oidc }) => ({
 *             getIdToken: () => oidc.getIdToken({ optional: true }),
 *           }),
 *         }),
 *     }),
 *   ],
 * });
 * ```
 */
export const gitopsUserIdentityApi = ApiBlueprint.make({
  name: 'user-identity',
  params: defineParams =>
    defineParams({
      api: gitOpsUserIdentityApiRef,
      deps: {},
      factory: () => noUserIdentity,
    }),
});
