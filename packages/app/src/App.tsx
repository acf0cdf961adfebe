import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import { catalogModule } from './modules/catalog';
import { gitopsUserIdentityModule } from './modules/gitopsUserIdentity';
import { homeModule } from './modules/home';
import { navModule } from './modules/nav';
import { signInModule } from './modules/signIn';

/*
 * A new-frontend-system app, as `@backstage/create-app` generates it: the
 * plugins are discovered from this package's dependencies (`app.packages:
 * all` in app-config.yaml), among them `@gitops-suite/plugin-gitops`, whose
 * `/alpha` export brings the GitOps page and its nav entry, the entity tabs
 * and cards, and the scaffolder fields. The sign-in module offers Guest and,
 * where the backend has the `oidc` provider, Sandbox SSO, whose ID token the
 * GitOps plugin forwards to agents that decide operations as the user
 * (`gitopsUserIdentityModule`). Sign-in lands on the home page at `/`
 * (`homeModule`).
 */
export default createApp({
  features: [
    catalogPlugin,
    catalogModule,
    homeModule,
    navModule,
    signInModule,
    gitopsUserIdentityModule,
  ],
});
