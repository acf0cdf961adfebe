import type {
  ResourceNode,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';

/** A resource with the resources it owns. */
export interface TreeNode {
  id: string;
  node: ResourceNode;
  children: TreeNode[];
}

/** A stable id of a resource: group/kind/namespace/name. */
export function resourceId(ref: ResourceRef): string {
  return [ref.group ?? '', ref.kind, ref.namespace ?? '', ref.name].join('/');
}

/**
 * Nests the flat resource tree by owner references. Resources whose owner
 * is not in the tree (the ones the application manages) are roots.
 */
export function buildTree(nodes: ResourceNode[]): TreeNode[] {
  const byId = new Map<string, TreeNode>();
  for (const node of nodes) {
    byId.set(resourceId(node), { id: resourceId(node), node, children: [] });
  }
  const roots: TreeNode[] = [];
  for (const item of byId.values()) {
    const parents = item.node.parentRefs
      .map(ref => byId.get(resourceId(ref)))
      .filter(
        (parent): parent is TreeNode => parent !== undefined && parent !== item,
      );
    if (parents.length === 0) {
      roots.push(item);
    } else {
      parents.forEach(parent => parent.children.push(item));
    }
  }
  const byKindAndName = (a: TreeNode, b: TreeNode) =>
    a.node.kind.localeCompare(b.node.kind) ||
    a.node.name.localeCompare(b.node.name);
  const sort = (list: TreeNode[]) => {
    list.sort(byKindAndName);
    list.forEach(item => sort(item.children));
    return list;
  };
  return sort(roots);
}
