import { gitopsEntityWritePermissions } from '@gitops-suite/plugin-gitops-common';
import { PermissionQuestion } from './startReliabilityBackend';
import { fleetEntities } from './fleetScenario';

/*
 * The owner policy the permission suites run under, as the shipped
 * OwnerPermissionPolicy decides it: reads for everyone; operations and
 * ApplicationSet changes only on entities the caller's groups own (for a
 * service not in the catalog yet, the caller's own group); ApplicationSets
 * no entity claims only for administrators; a backend service acting on
 * its own is no owner.
 */

/**
 * Permissions that only an entity's owners hold: the entity writes, as the
 * shipped policy lists them (ApplicationSet creation included: the suites'
 * entities all exist).
 */
export const OWNER_ONLY = new Set(
  gitopsEntityWritePermissions.map(p => p.name),
);

export const ADMIN_ONLY = new Set(['gitops.applicationset.admin']);

/** Who is in which team (the ownership refs a sign-in would resolve). */
export const MEMBERSHIP: Record<string, string[]> = {
  'user:default/alice': ['user:default/alice', 'group:default/team-a'],
  'user:default/bob': ['user:default/bob', 'group:default/team-b'],
  'user:default/mallory': ['user:default/mallory'],
  'user:default/root': ['user:default/root', 'group:default/platform'],
};

const ADMINS = ['group:default/platform'];

/** The owner of the entity behind a `kind:namespace/name` ref. */
export function ownerOf(entityRef: string): string | undefined {
  const [, kind, namespace, name] =
    /^([^:]+):([^/]+)\/(.+)$/.exec(entityRef) ?? [];
  const owner = fleetEntities.find(
    e =>
      e.kind.toLocaleLowerCase('en-US') ===
        (kind ?? '').toLocaleLowerCase('en-US') &&
      e.metadata.namespace === namespace &&
      e.metadata.name === name,
  )?.spec?.owner;
  return owner === undefined ? undefined : String(owner);
}

/** Decides one permission question; records what was asked in `asked`. */
export function ownerPolicy(asked: string[] = []) {
  return ({ permission, resourceRef, credentials }: PermissionQuestion) => {
    const principal = credentials?.principal as {
      type: string;
      userEntityRef?: string;
    };
    const claims =
      principal?.type === 'user'
        ? MEMBERSHIP[principal.userEntityRef!] ?? []
        : [];
    if (ADMIN_ONLY.has(permission)) {
      asked.push(permission);
      return claims.some(c => ADMINS.includes(c));
    }
    if (!OWNER_ONLY.has(permission)) return true;
    asked.push(`${permission} ${resourceRef}`);
    if (!resourceRef) return false;
    const owner = ownerOf(resourceRef);
    if (owner !== undefined) return claims.includes(owner);
    return (
      permission === 'gitops.applicationset.create' &&
      claims.includes(resourceRef)
    );
  };
}
