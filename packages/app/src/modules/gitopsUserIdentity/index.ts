import {
  ApiBlueprint,
  configApiRef,
  createFrontendModule,
  identityApiRef,
} from '@backstage/frontend-plugin-api';
import { gitOpsUserIdentityApiRef } from '@gitops-suite/plugin-gitops/alpha';
import {
  isSandboxSsoConfigured,
  sandboxSsoAuthApiRef,
} from '../signIn/sandboxSso';

/**
 * The GitOps plugin's user identity bound to Sandbox SSO: the signed-in
 * user's OIDC ID token, sent with each operation to agents that decide as
 * the user. Only when the user signed in through Sandbox SSO (its session
 * names the same Backstage user); a guest, or a session of someone else
 * left in the browser, sends none. Never opens a sign-in popup.
 */
export const gitopsUserIdentityApi = ApiBlueprint.make({
  // overrides the plugin's own `api:gitops/user-identity` (no token)
  name: 'user-identity',
  params: defineParams =>
    defineParams({
      api: gitOpsUserIdentityApiRef,
      deps: {
        sandboxSso: sandboxSsoAuthApiRef,
        identityApi: identityApiRef,
        configApi: configApiRef,
      },
      factory: ({ sandboxSso, identityApi, configApi }) => ({
        async getIdToken() {
          if (!isSandboxSsoConfigured(configApi)) {
            return undefined;
          }
          const sso = await sandboxSso.getBackstageIdentity({ optional: true });
          if (!sso) {
            return undefined;
          }
          const { userEntityRef } = await identityApi.getBackstageIdentity();
          if (sso.identity.userEntityRef !== userEntityRef) {
            return undefined;
          }
          return (await sandboxSso.getIdToken({ optional: true })) || undefined;
        },
      }),
    }),
});

/** The app's bindings of the GitOps plugin's APIs. */
export const gitopsUserIdentityModule = createFrontendModule({
  pluginId: 'gitops',
  extensions: [gitopsUserIdentityApi],
});
