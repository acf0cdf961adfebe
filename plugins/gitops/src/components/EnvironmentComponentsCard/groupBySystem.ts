import {
  type CompoundEntityRef,
  type Entity,
  getCompoundEntityRef,
  parseEntityRef,
  RELATION_DEPENDENCY_OF,
  stringifyEntityRef,
} from '@backstage/catalog-model';

/** The components of one system, in a list that reads at any size. */
export interface SystemComponents {
  /** The system's ref, or undefined for components in no system. */
  system?: CompoundEntityRef;
  components: Array<{ ref: CompoundEntityRef; title?: string }>;
}

/**
 * The refs of what runs in an environment: the entities its Resource is a
 * dependency of (the GitOps environment processor relates each entity
 * whose applications run there), Components only.
 */
export function runningComponentRefs(environment: Entity): string[] {
  return (environment.relations ?? [])
    .filter(
      r =>
        r.type === RELATION_DEPENDENCY_OF &&
        parseEntityRef(r.targetRef).kind.toLowerCase() === 'component',
    )
    .map(r => r.targetRef)
    .filter((ref, index, all) => all.indexOf(ref) === index);
}

const label = (ref: CompoundEntityRef) => stringifyEntityRef(ref).toLowerCase();

/**
 * Groups components by their `spec.system`, systems by name, components
 * in no system last; components by title or name within each.
 */
export function groupBySystem(components: Entity[]): SystemComponents[] {
  const groups = new Map<string, SystemComponents>();
  for (const component of components) {
    const system = (component.spec as { system?: unknown } | undefined)?.system;
    const systemRef =
      typeof system === 'string' && system
        ? parseEntityRef(system, {
            defaultKind: 'system',
            defaultNamespace: component.metadata.namespace ?? 'default',
          })
        : undefined;
    const key = systemRef ? label(systemRef) : '';
    const group = groups.get(key) ?? { system: systemRef, components: [] };
    group.components.push({
      ref: getCompoundEntityRef(component),
      ...(component.metadata.title && { title: component.metadata.title }),
    });
    groups.set(key, group);
  }
  const name = (c: SystemComponents['components'][number]) =>
    c.title ?? c.ref.name;
  return [...groups.entries()]
    .sort(([a], [b]) => {
      if (!a || !b) return a ? -1 : 1;
      return a.localeCompare(b, 'en');
    })
    .map(([, group]) => ({
      ...group,
      components: group.components.sort((a, b) =>
        name(a).localeCompare(name(b), 'en'),
      ),
    }));
}
