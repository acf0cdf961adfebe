import { createFrontendModule } from '@backstage/frontend-plugin-api';
import { SignInPageBlueprint } from '@backstage/plugin-app-react';
import { SignInPage } from '@backstage/core-components';

/** Guest sign-in, entered at once when a session exists. */
const guestSignInPage = SignInPageBlueprint.make({
  params: {
    loader: async () => props =>
      <SignInPage {...props} auto providers={['guest']} />,
  },
});

export const signInModule = createFrontendModule({
  pluginId: 'app',
  extensions: [guestSignInPage],
});
