import { applicationRouteParams, entityRouteParams } from './routeParams';

describe('route parameters', () => {
  it('names an entity by namespace, lower-case kind and name, defaulting the namespace', () => {
    expect(entityRouteParams('Component:payments')).toEqual({
      namespace: 'default',
      kind: 'component',
      name: 'payments',
    });
  });

  it('names an application by its entity, agent and name, with its own namespace as a query', () => {
    expect(
      applicationRouteParams({
        entityRef: 'component:shop/payments',
        agentId: 'prod',
        name: 'payments-prod',
        namespace: 'argocd',
      }),
    ).toEqual({
      path: {
        namespace: 'shop',
        kind: 'component',
        name: 'payments',
        agentId: 'prod',
        appName: 'payments-prod',
      },
      query: { appNamespace: 'argocd' },
    });
    expect(
      applicationRouteParams({
        entityRef: 'component:default/payments',
        agentId: 'prod',
        name: 'payments-prod',
        namespace: '',
      }).query,
    ).toEqual({ appNamespace: undefined });
  });
});
