import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { SignInPageBlueprint } from '@backstage/plugin-app-react';
import { sandboxSsoAuthApi } from './sandboxSso';

export { sandboxSsoAuthApiRef } from './sandboxSso';

/**
 * Guest sign-in, and Sandbox SSO where the backend has the `oidc` provider;
 * a session of the provider last used is entered at once.
 */
const signInPage = SignInPageBlueprint.make({
  params: {
    loader: async () => {
      const { AppSignInPage } = await import('./SignInPage');
      return props => <AppSignInPage {...props} />;
    },
  },
});

export const signInModule = createFrontendModule({
  pluginId: 'app',
  extensions: [sandboxSsoAuthApi, signInPage],
});
