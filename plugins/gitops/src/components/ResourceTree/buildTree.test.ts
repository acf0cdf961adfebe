import { buildTree } from './buildTree';

describe('buildTree', () => {
  it('nests resources under their owners and keeps orphans as roots', () => {
    const deployment = {
      kind: 'Deployment',
      group: 'apps',
      name: 'web',
      namespace: 'ns',
      parentRefs: [],
    };
    const replicaSet = {
      kind: 'ReplicaSet',
      group: 'apps',
      name: 'web-1',
      namespace: 'ns',
      parentRefs: [deployment],
    };
    const pod = {
      kind: 'Pod',
      name: 'web-1-x',
      namespace: 'ns',
      parentRefs: [replicaSet],
    };
    const service = {
      kind: 'Service',
      name: 'web',
      namespace: 'ns',
      parentRefs: [],
    };
    const stray = {
      kind: 'Pod',
      name: 'stray',
      namespace: 'ns',
      parentRefs: [{ kind: 'ReplicaSet', name: 'gone', namespace: 'ns' }],
    };
    const tree = buildTree([pod, service, replicaSet, deployment, stray]);
    expect(tree.map(t => `${t.node.kind}/${t.node.name}`)).toEqual([
      'Deployment/web',
      'Pod/stray',
      'Service/web',
    ]);
    expect(tree[0].children[0].node.name).toBe('web-1');
    expect(tree[0].children[0].children[0].node.name).toBe('web-1-x');
  });
});
