import { OAuth2 } from '@backstage/core-app-api';
import {
  ApiBlueprint,
  type BackstageIdentityApi,
  configApiRef,
  createApiRef,
  discoveryApiRef,
  oauthRequestApiRef,
  type OpenIdConnectApi,
  type ProfileInfoApi,
  type SessionApi,
} from '@backstage/frontend-plugin-api';

/**
 * "Sandbox SSO": OpenID Connect through the backend's `oidc` auth provider
 * (`@backstage/plugin-auth-backend-module-oidc-provider`), which `npm start`
 * points at the sandbox's identity provider. Its ID token is the one the
 * GitOps plugin forwards to agents that decide operations as the user.
 */
export const sandboxSsoAuthApiRef = createApiRef<
  OpenIdConnectApi & ProfileInfoApi & BackstageIdentityApi & SessionApi
>().with({ id: 'app.auth.sandbox-sso', pluginId: 'app' });

/** Whether the backend has the `oidc` provider (the config the app sees). */
export function isSandboxSsoConfigured(config: {
  has(key: string): boolean;
}): boolean {
  return config.has('auth.providers.oidc');
}

/**
 * The scopes asked for: the provider's own (openid, profile, email), the
 * `groups` claim the agents' RBAC reads, and a refresh token so the ID
 * token is renewed without a new sign-in.
 */
export const SANDBOX_SSO_SCOPES = [
  'openid',
  'profile',
  'email',
  'groups',
  'offline_access',
];

/** The Sandbox SSO auth API (`sandboxSsoAuthApiRef`). */
export const sandboxSsoAuthApi = ApiBlueprint.make({
  name: 'sandbox-sso-auth',
  params: defineParams =>
    defineParams({
      api: sandboxSsoAuthApiRef,
      deps: {
        discoveryApi: discoveryApiRef,
        oauthRequestApi: oauthRequestApiRef,
        configApi: configApiRef,
      },
      factory: ({ discoveryApi, oauthRequestApi, configApi }) =>
        OAuth2.create({
          configApi,
          discoveryApi,
          oauthRequestApi,
          provider: { id: 'oidc', title: 'Sandbox SSO', icon: () => null },
          environment: configApi.getOptionalString('auth.environment'),
          defaultScopes: SANDBOX_SSO_SCOPES,
        }),
    }),
});
