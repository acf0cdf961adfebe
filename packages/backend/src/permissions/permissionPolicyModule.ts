import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import { InputError } from '@backstage/errors';
import { AllowAllPermissionPolicy } from './AllowAllPermissionPolicy';
import { OwnerPermissionPolicy } from './OwnerPermissionPolicy';

const policies = {
  'allow-all': () => new AllowAllPermissionPolicy(),
  owner: () => new OwnerPermissionPolicy(),
};

/**
 * Installs the permission policy named by `permission.policy`
 * (`allow-all`, the default, or `owner`).
 */
export const permissionPolicyModule = createBackendModule({
  pluginId: 'permission',
  moduleId: 'gitops-example-policy',
  register(reg) {
    reg.registerInit({
      deps: {
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        policy: policyExtensionPoint,
      },
      async init({ config, logger, policy }) {
        const name = config.getOptionalString('permission.policy') ?? 'allow-all';
        const create = policies[name as keyof typeof policies];
        if (!create) {
          throw new InputError(
            `permission.policy must be one of ${Object.keys(policies).join(
              ', ',
            )}; got '${name}'`,
          );
        }
        logger.info(`Using the '${name}' permission policy`);
        policy.setPolicy(create());
      },
    });
  },
});
