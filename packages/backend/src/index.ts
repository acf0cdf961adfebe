import { createBackend } from '@backstage/backend-defaults';
import { permissionPolicyModule } from './permissions/permissionPolicyModule';

const backend = createBackend();

backend.add(import('@backstage/plugin-app-backend'));

// auth: guest sign-in for local use, and OpenID Connect ("Sandbox SSO" on
// `npm start`, whose overlay configures `auth.providers.oidc`; without that
// config the provider is left out and its routes answer 404)
backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));
backend.add(import('@backstage/plugin-auth-backend-module-oidc-provider'));

// catalog, with the template entity kind
backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(
  import('@backstage/plugin-catalog-backend-module-scaffolder-entity-model'),
);

// scaffolder, with the GitOps actions
backend.add(import('@backstage/plugin-scaffolder-backend'));
backend.add(import('@backstage/plugin-scaffolder-backend-module-github'));
backend.add(import('@gitops-suite/plugin-scaffolder-backend-module-gitops'));

// permissions: owner-based by default (`permission.policy`, see
// packages/backend/config.d.ts)
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(permissionPolicyModule);

// signals: changes pushed to open pages (the GitOps fleet state publishes)
backend.add(import('@backstage/plugin-signals-backend'));

// the GitOps suite
backend.add(import('@gitops-suite/plugin-gitops-backend'));
// environments, clusters and agents in the catalog
backend.add(import('@gitops-suite/plugin-catalog-backend-module-gitops'));

// AI assistants: the actions of the plugins in backend.actions.pluginSources
// (the GitOps ones among them) as MCP tools at /api/mcp-actions/v1
backend.add(import('@backstage/plugin-mcp-actions-backend'));

backend.start();
