export interface Config {
  auth?: {
    providers?: {
      /**
       * OpenID Connect (`@backstage/plugin-auth-backend-module-oidc-provider`
       * in the backend), offered as "Sandbox SSO" on the sign-in page where
       * it is configured; `npm start` points it at the sandbox's identity
       * provider.
       */
      oidc?: {
        [authEnvironment: string]: {
          /**
           * Seen by the app only to know that the provider is configured
           * (the sign-in page offers Sandbox SSO then); a client id is no
           * secret.
           * @visibility frontend
           */
          clientId: string;
        };
      };
    };
  };
}
