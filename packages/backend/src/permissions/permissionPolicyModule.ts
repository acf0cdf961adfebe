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
  owner: (admins: string[]) => new OwnerPermissionPolicy(admins),
};

/**
 * Installs the permission policy named by `permission.policy`: `owner`, the
 * default (only an entity's owners operate its GitOps applications or
 * delete it from the catalog; `permission.admins` lists who may change
 * ApplicationSets no entity claims and unregister catalog locations), or
 * `allow-all` (tests and throwaway demos only).
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
        const name = config.getOptionalString('permission.policy') ?? 'owner';
        const create = policies[name as keyof typeof policies];
        if (!create) {
          throw new InputError(
            `permission.policy must be one of ${Object.keys(policies).join(
              ', ',
            )}; got '${name}'`,
          );
        }
        logger.info(`Using the '${name}' permission policy`);
        policy.setPolicy(
          create(config.getOptionalStringArray('permission.admins') ?? []),
        );
      },
    });
  },
});
