import { renderInTestApp } from '@backstage/frontend-test-utils';
import { screen, waitFor } from '@testing-library/react';
import { AppSignInPage } from './SignInPage';
import { sandboxSsoAuthApiRef } from './sandboxSso';

const sandboxSso = {
  getBackstageIdentity: jest.fn(async () => undefined),
  getProfile: jest.fn(async () => undefined),
  getIdToken: jest.fn(async () => ''),
  signIn: jest.fn(),
  signOut: jest.fn(),
  sessionState$: jest.fn(),
};

const oidc = {
  development: {
    metadataUrl: 'http://127.0.0.1:7100/idp/.well-known/openid-configuration',
    clientId: 'backstage',
  },
};

function renderSignInPage(auth: object, onSignInSuccess = jest.fn()) {
  return renderInTestApp(<AppSignInPage onSignInSuccess={onSignInSuccess} />, {
    config: {
      app: { title: 'GitOps portal', baseUrl: 'http://localhost:3000' },
      backend: { baseUrl: 'http://localhost:7007' },
      auth,
    },
    apis: [[sandboxSsoAuthApiRef, sandboxSso as any]],
  });
}

describe('the sign-in page', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.clearAllMocks();
  });

  it('offers Guest alone when the backend has no oidc provider', async () => {
    renderSignInPage({ providers: { guest: {} } });
    expect(await screen.findByText('Guest')).toBeInTheDocument();
    expect(screen.queryByText('Sandbox SSO')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Sign In' }),
    ).not.toBeInTheDocument();
  });

  it('offers Sandbox SSO beside Guest when auth.providers.oidc is configured', async () => {
    renderSignInPage({ environment: 'development', providers: { oidc } });
    expect(await screen.findByText('Sandbox SSO')).toBeInTheDocument();
    expect(screen.getByText('Guest')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    // nothing is asked of the provider before the user picks it
    expect(sandboxSso.getBackstageIdentity).not.toHaveBeenCalled();
  });

  it('enters a Sandbox SSO session at once when the user last signed in with it', async () => {
    localStorage.setItem('@backstage/core:SignInPage:provider', 'oidc');
    sandboxSso.getBackstageIdentity.mockResolvedValue({
      token: 'backstage-token',
      identity: {
        type: 'user',
        userEntityRef: 'user:default/dana',
        ownershipEntityRefs: [
          'user:default/dana',
          'group:default/team-payments',
        ],
      },
    } as any);
    const onSignInSuccess = jest.fn();
    renderSignInPage(
      { environment: 'development', providers: { oidc } },
      onSignInSuccess,
    );
    await waitFor(() => expect(onSignInSuccess).toHaveBeenCalled());
    expect(sandboxSso.getBackstageIdentity).toHaveBeenCalledWith({
      optional: true,
    });
    const identity = onSignInSuccess.mock.calls[0][0];
    await expect(identity.getBackstageIdentity()).resolves.toMatchObject({
      userEntityRef: 'user:default/dana',
    });
  });
});
