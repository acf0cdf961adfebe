import { createBackend } from '@backstage/backend-defaults';
import { permissionPolicyModule } from './permissions/permissionPolicyModule';

const backend = createBackend();

backend.add(import('@backstage/plugin-app-backend'));

// auth: guest sign-in for local use
backend.add(import('@backstage/plugin-auth-backend'));
backend.add(import('@backstage/plugin-auth-backend-module-guest-provider'));

// catalog, with the template entity kind
backend.add(import('@backstage/plugin-catalog-backend'));
backend.add(
  import('@backstage/plugin-catalog-backend-module-scaffolder-entity-model'),
);

// scaffolder, with the GitOps actions
backend.add(import('@backstage/plugin-scaffolder-backend'));
backend.add(import('@backstage/plugin-scaffolder-backend-module-github'));
backend.add(import('@gitops-suite/plugin-scaffolder-backend-module-gitops'));

// permissions: allow-all by default, owner-based when
// `permission.policy: owner` is configured
backend.add(import('@backstage/plugin-permission-backend'));
backend.add(permissionPolicyModule);

// the GitOps suite
backend.add(import('@gitops-suite/plugin-gitops-backend'));
// environments, clusters and agents in the catalog
backend.add(import('@gitops-suite/plugin-catalog-backend-module-gitops'));

backend.start();
