import {
  ApiBlueprint,
  createFrontendPlugin,
  useApi,
} from '@backstage/frontend-plugin-api';
import { mockApis, renderInTestApp } from '@backstage/frontend-test-utils';
import { gitOpsUserIdentityApiRef } from '@gitops-suite/plugin-gitops/alpha';
import { screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { sandboxSsoAuthApiRef } from '../signIn';
import { gitopsUserIdentityModule } from '.';

const oidcConfigured = {
  app: { baseUrl: 'http://localhost:3000' },
  backend: { baseUrl: 'http://localhost:7007' },
  auth: {
    environment: 'development',
    providers: { oidc: { development: { clientId: 'backstage' } } },
  },
};

/**
 * The GitOps plugin's default as the plugin registers it
 * (`api:gitops/user-identity`), with a token that tells it apart.
 */
const gitopsPlugin = createFrontendPlugin({
  pluginId: 'gitops',
  extensions: [
    ApiBlueprint.make({
      name: 'user-identity',
      params: defineParams =>
        defineParams({
          api: gitOpsUserIdentityApiRef,
          deps: {},
          factory: () => ({ getIdToken: async () => 'plugin-default' }),
        }),
    }),
  ],
});

/** Shows the token the GitOps plugin would forward. */
function ForwardedToken() {
  const api = useApi(gitOpsUserIdentityApiRef);
  const [token, setToken] = useState<string>();
  useEffect(() => {
    api.getIdToken().then(value => setToken(String(value)));
  }, [api]);
  return token === undefined ? null : <p>token: {token}</p>;
}

function sandboxSso(signedInAs?: string) {
  return {
    getBackstageIdentity: jest.fn(async () =>
      signedInAs
        ? {
            token: 'backstage-token',
            identity: {
              type: 'user' as const,
              userEntityRef: signedInAs,
              ownershipEntityRefs: [signedInAs],
            },
          }
        : undefined,
    ),
    getIdToken: jest.fn(async () => (signedInAs ? 'dana-id-token' : '')),
    getProfile: jest.fn(),
    signIn: jest.fn(),
    signOut: jest.fn(),
    sessionState$: jest.fn(),
  };
}

function renderWith(options: {
  sso: ReturnType<typeof sandboxSso>;
  user: string;
  config?: object;
}) {
  return renderInTestApp(<ForwardedToken />, {
    features: [gitopsPlugin, gitopsUserIdentityModule],
    config: options.config ?? oidcConfigured,
    apis: [
      [sandboxSsoAuthApiRef, options.sso as any],
      mockApis.identity({ userEntityRef: options.user }),
    ],
  });
}

describe("the GitOps plugin's user identity in the app", () => {
  it('is the Sandbox SSO ID token of the user who signed in through it', async () => {
    const sso = sandboxSso('user:default/dana');
    renderWith({ sso, user: 'user:default/dana' });
    expect(await screen.findByText('token: dana-id-token')).toBeInTheDocument();
    // never a popup: only an existing session counts
    expect(sso.getIdToken).toHaveBeenCalledWith({ optional: true });
    expect(sso.getBackstageIdentity).toHaveBeenCalledWith({ optional: true });
  });

  it('is none for a guest', async () => {
    const sso = sandboxSso();
    renderWith({ sso, user: 'user:development/guest' });
    expect(await screen.findByText('token: undefined')).toBeInTheDocument();
  });

  it("is none when the SSO session left in the browser is someone else's", async () => {
    const sso = sandboxSso('user:default/dana');
    renderWith({ sso, user: 'user:development/guest' });
    expect(await screen.findByText('token: undefined')).toBeInTheDocument();
    expect(sso.getIdToken).not.toHaveBeenCalled();
  });

  it('asks nothing of the provider when the backend has no oidc provider', async () => {
    const sso = sandboxSso('user:default/dana');
    renderWith({
      sso,
      user: 'user:default/dana',
      config: {
        app: { baseUrl: 'http://localhost:3000' },
        backend: { baseUrl: 'http://localhost:7007' },
      },
    });
    expect(await screen.findByText('token: undefined')).toBeInTheDocument();
    expect(sso.getBackstageIdentity).not.toHaveBeenCalled();
  });
});
