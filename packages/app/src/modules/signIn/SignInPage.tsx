import {
  SignInPage,
  type SignInProviderConfig,
} from '@backstage/core-components';
import {
  configApiRef,
  type SignInPageProps,
  useApi,
} from '@backstage/core-plugin-api';
import { useMemo } from 'react';
import { isSandboxSsoConfigured, sandboxSsoAuthApiRef } from './sandboxSso';

/** Sandbox SSO on the sign-in page. */
export const sandboxSsoProvider: SignInProviderConfig = {
  id: 'oidc',
  title: 'Sandbox SSO',
  message:
    'Sign in through the identity provider the GitOps agents trust: your operations reach Argo CD and Harness as you, under their own access control.',
  apiRef: sandboxSsoAuthApiRef,
};

/**
 * Guest, and Sandbox SSO beside it where the backend has the `oidc`
 * provider (`auth.providers.oidc`, which `npm start` configures). The
 * provider last signed in with is entered again at once while its session
 * lasts.
 */
export function AppSignInPage(props: SignInPageProps) {
  const configApi = useApi(configApiRef);
  const sso = isSandboxSsoConfigured(configApi);
  const providers = useMemo(
    () => (sso ? ['guest' as const, sandboxSsoProvider] : ['guest' as const]),
    [sso],
  );
  return <SignInPage {...props} auto providers={providers} />;
}
