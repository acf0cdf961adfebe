import { createApiRef } from '@backstage/core-plugin-api';

/**
 * The signed-in user's OpenID Connect ID token, for agents configured to
 * decide operations as the user (`gitops.agents[].userIdentity` of the
 * backend, mode `forward-oidc-token`): the GitOps client sends it in the
 * `X-GitOps-User-Token` header of every operation and of the agent
 * permissions, and the backend verifies it, matches it to the Backstage user
 * and forwards it to the agent for that one call.
 *
 * The plugin's own implementation has no token, so nothing is forwarded; an
 * app that signs its users in through the identity provider the agents trust
 * binds it to that provider's auth API, e.g.
 * `getIdToken: () => oidcAuthApi.getIdToken({ optional: true })`.
 * @public
 */
export interface GitOpsUserIdentityApi {
  /**
   * The user's ID token, or undefined (or empty) when the user did not
   * sign in through the identity provider; never opens a sign-in popup.
   */
  getIdToken(): Promise<string | undefined>;
}

/**
 * The {@link GitOpsUserIdentityApi} of the app.
 * @public
 */
export const gitOpsUserIdentityApiRef = createApiRef<GitOpsUserIdentityApi>({
  id: 'plugin.gitops.user-identity',
});

/**
 * The plugin's default: no user token, every operation goes with the
 * backend's shared credential where the agent allows it.
 */
export const noUserIdentity: GitOpsUserIdentityApi = {
  getIdToken: async () => undefined,
};
