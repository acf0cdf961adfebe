import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { PolicyQueryUser } from '@backstage/plugin-permission-node';
import {
  catalogEntityDeletePermission,
  catalogEntityReadPermission,
  catalogLocationCreatePermission,
  catalogLocationDeletePermission,
} from '@backstage/plugin-catalog-common/alpha';
import {
  gitopsApplicationSyncPermission,
  gitopsApplicationSyncPolicyUpdatePermission,
  gitopsDeployTargetWritePermission,
} from '@gitops-suite/plugin-gitops-common';
import { OwnerPermissionPolicy } from './OwnerPermissionPolicy';

/** A signed-in user with the ownership refs a sign-in resolves. */
function user(ref: string, ...groups: string[]): PolicyQueryUser {
  return {
    info: { userEntityRef: ref, ownershipEntityRefs: [ref, ...groups] },
    credentials: {
      $$type: '@backstage/BackstageCredentials',
      principal: { type: 'user', userEntityRef: ref },
    },
  };
}

/*
 * The shipped policy as the permission framework asks it, for the guest
 * (a member of team-payments, as `npm start` signs it in) and for a member
 * of the platform team listed in `permission.admins`.
 */
describe('OwnerPermissionPolicy', () => {
  const policy = new OwnerPermissionPolicy(['group:default/platform-team']);
  const guest = user('user:default/guest', 'group:default/team-payments');
  const admin = user('user:default/root', 'group:default/platform-team');

  it('lets only an entity’s owners delete it (catalog.entity.delete is conditional on ownership)', async () => {
    await expect(
      policy.handle({ permission: catalogEntityDeletePermission }, guest),
    ).resolves.toEqual({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'catalog',
      resourceType: 'catalog-entity',
      conditions: {
        rule: 'IS_ENTITY_OWNER',
        resourceType: 'catalog-entity',
        params: {
          claims: ['user:default/guest', 'group:default/team-payments'],
        },
      },
    });
  });

  it('lets administrators delete any entity and nobody unsigned-in', async () => {
    await expect(
      policy.handle({ permission: catalogEntityDeletePermission }, admin),
    ).resolves.toEqual({ result: AuthorizeResult.ALLOW });
    await expect(
      policy.handle({ permission: catalogEntityDeletePermission }),
    ).resolves.toEqual({ result: AuthorizeResult.DENY });
  });

  it('lets only administrators unregister a location', async () => {
    await expect(
      policy.handle({ permission: catalogLocationDeletePermission }, guest),
    ).resolves.toEqual({ result: AuthorizeResult.DENY });
    await expect(
      policy.handle({ permission: catalogLocationDeletePermission }),
    ).resolves.toEqual({ result: AuthorizeResult.DENY });
    await expect(
      policy.handle({ permission: catalogLocationDeletePermission }, admin),
    ).resolves.toEqual({ result: AuthorizeResult.ALLOW });
  });

  it('keeps catalog reads and registration open, and GitOps operations owner-only', async () => {
    await expect(
      policy.handle({ permission: catalogEntityReadPermission }, guest),
    ).resolves.toEqual({ result: AuthorizeResult.ALLOW });
    await expect(
      policy.handle({ permission: catalogLocationCreatePermission }, guest),
    ).resolves.toEqual({ result: AuthorizeResult.ALLOW });
    await expect(
      policy.handle({ permission: gitopsApplicationSyncPermission }, guest),
    ).resolves.toMatchObject({
      result: AuthorizeResult.CONDITIONAL,
      conditions: { rule: 'IS_ENTITY_OWNER' },
    });
  });

  it('lets only owners change a sync policy, and nobody unsigned-in', async () => {
    await expect(
      policy.handle(
        { permission: gitopsApplicationSyncPolicyUpdatePermission },
        guest,
      ),
    ).resolves.toEqual({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'catalog',
      resourceType: 'catalog-entity',
      conditions: {
        rule: 'IS_ENTITY_OWNER',
        resourceType: 'catalog-entity',
        params: {
          claims: ['user:default/guest', 'group:default/team-payments'],
        },
      },
    });
    await expect(
      policy.handle({
        permission: gitopsApplicationSyncPolicyUpdatePermission,
      }),
    ).resolves.toEqual({ result: AuthorizeResult.DENY });
  });

  it('answers gitops.deploytarget.write with the trust model as conditions, for everyone', async () => {
    const rules = (await policy.handle(
      { permission: gitopsDeployTargetWritePermission },
      guest,
    )) as { result: string; resourceType: string; conditions: unknown };
    expect(rules).toMatchObject({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'gitops',
      resourceType: 'gitops-deploy-target',
    });
    expect(JSON.stringify(rules.conditions)).toBe(
      JSON.stringify({
        allOf: [
          'IS_OWNER_PROJECT',
          'DESTINATION_ALLOWED',
          'REPOSITORY_ALLOWED',
          'CLAIMS_NO_FOREIGN_ENTITY',
        ].map(rule => ({ rule, resourceType: 'gitops-deploy-target' })),
      }),
    );
  });
});
