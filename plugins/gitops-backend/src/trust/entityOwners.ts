import {
  Entity,
  parseEntityRef,
  RELATION_OWNED_BY,
  stringifyEntityRef,
} from '@backstage/catalog-model';

/**
 * The Backstage owners of a catalog entity: a group or a user owns itself
 * (a service not in the catalog yet is named by the group that will own
 * it); anything else is owned by its `ownedBy` relations, else by
 * `spec.owner`.
 */
export function entityOwners(entity: Entity): string[] {
  const kind = entity.kind.toLocaleLowerCase('en-US');
  if (kind === 'group' || kind === 'user') {
    return [stringifyEntityRef(entity)];
  }
  const related = (entity.relations ?? [])
    .filter(relation => relation.type === RELATION_OWNED_BY)
    .map(relation => relation.targetRef);
  if (related.length) return [...new Set(related)].sort();
  const owner = entity.spec?.owner;
  if (typeof owner !== 'string' || !owner) return [];
  try {
    return [
      stringifyEntityRef(
        parseEntityRef(owner, {
          defaultKind: 'group',
          defaultNamespace: entity.metadata.namespace ?? 'default',
        }),
      ),
    ];
  } catch {
    return [];
  }
}
