import { createApp } from '@backstage/frontend-defaults';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import { navModule } from './modules/nav';
import { signInModule } from './modules/signIn';

/*
 * A new-frontend-system app, as `@backstage/create-app` generates it: the
 * plugins are discovered from this package's dependencies (`app.packages:
 * all` in app-config.yaml), among them `@gitops-suite/plugin-gitops`, whose
 * `/alpha` export brings the GitOps page and its nav entry, the entity tabs
 * and cards, and the scaffolder fields.
 */
export default createApp({
  features: [catalogPlugin, navModule, signInModule],
});
