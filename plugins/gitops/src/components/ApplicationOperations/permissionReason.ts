import { parseEntityRef } from '@backstage/catalog-model';

/**
 * Why the user may not run an operation on an entity's applications, for
 * people: "team-checkout owns checkout-web; its members may sync", or
 * without known owners "You may not sync checkout-web's applications".
 */
export function permissionReason(
  entityRef: string,
  action: string,
  owners: string[] | undefined,
): string {
  const entity = parseEntityRef(entityRef).name;
  if (!owners || owners.length === 0) {
    return `You may not ${action} ${entity}'s applications.`;
  }
  const names = owners.map(owner => parseEntityRef(owner).name);
  const who =
    names.length === 1
      ? `${names[0]} owns`
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} own`;
  return `${who} ${entity}; only its owners may ${action} its applications.`;
}
