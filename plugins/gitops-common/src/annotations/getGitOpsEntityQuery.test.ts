import { Entity } from '@backstage/catalog-model';
import { InputError } from '@backstage/errors';
import {
  getGitOpsEntityQuery,
  isGitOpsAvailable,
} from './getGitOpsEntityQuery';

function entity(annotations?: Record<string, string>): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name: 'payments', namespace: 'default', annotations },
    spec: {},
  };
}

describe('isGitOpsAvailable', () => {
  it.each([
    ['gitops/service', 'payments'],
    ['gitops/app-selector', 'app=payments'],
    ['gitops/app-name', 'payments-dev'],
    ['gitops/agents', 'prod-eu'],
    ['gitops/project', 'team-a'],
    ['gitops/applicationset', 'payments'],
    ['argocd/app-name', 'payments'],
    ['argocd/app-selector', 'app=payments'],
  ])('is true with %s', (name, value) => {
    expect(isGitOpsAvailable(entity({ [name]: value }))).toBe(true);
  });

  it.each([
    ['no annotations', undefined],
    ['unrelated annotations', { 'backstage.io/techdocs-ref': 'dir:.' }],
    ['blank values', { 'gitops/service': '  ', 'argocd/app-name': '' }],
    ['only argocd/instance-name', { 'argocd/instance-name': 'main' }],
    ['only argocd/project-name', { 'argocd/project-name': 'default' }],
  ])('is false with %s', (_, annotations) => {
    expect(isGitOpsAvailable(entity(annotations))).toBe(false);
  });

  it('does not throw on an invalid selector', () => {
    expect(isGitOpsAvailable(entity({ 'gitops/app-selector': 'a in' }))).toBe(
      true,
    );
  });
});

describe('getGitOpsEntityQuery', () => {
  it('returns undefined when no annotation applies', () => {
    expect(getGitOpsEntityQuery(entity())).toBeUndefined();
    expect(
      getGitOpsEntityQuery(entity({ 'argocd/instance-name': 'main' })),
    ).toBeUndefined();
    expect(
      getGitOpsEntityQuery(entity({ 'gitops/service': ' ' })),
    ).toBeUndefined();
  });

  it('reads a service', () => {
    expect(
      getGitOpsEntityQuery(entity({ 'gitops/service': 'payments' })),
    ).toEqual({
      services: ['payments'],
      applications: [],
    });
  });

  it('reads every annotation of ours', () => {
    expect(
      getGitOpsEntityQuery(
        entity({
          'gitops/service': ' payments , account.billing,,',
          'gitops/app-selector': ' app = payments , tier in (web, api) ',
          'gitops/app-name': 'payments-dev, team-a/payments-prod ,',
          'gitops/agents': 'dev, prod-eu,dev',
          'gitops/project': 'team-a',
          'gitops/applicationset': 'payments, payments-canary',
        }),
      ),
    ).toEqual({
      services: ['payments', 'account.billing'],
      selector: 'app=payments,tier in (web,api)',
      applications: [
        { name: 'payments-dev' },
        { namespace: 'team-a', name: 'payments-prod' },
      ],
      agents: ['dev', 'prod-eu'],
      projects: ['team-a'],
      applicationSets: ['payments', 'payments-canary'],
    });
  });

  it('reads the peers’ annotations', () => {
    expect(
      getGitOpsEntityQuery(
        entity({
          'argocd/app-name': 'payments',
          'argocd/app-selector': 'app=payments',
          'argocd/instance-name': 'main',
          'argocd/project-name': 'default',
        }),
      ),
    ).toEqual({
      services: [],
      selector: 'app=payments',
      applications: [{ name: 'payments' }],
      agents: ['main'],
      projects: ['default'],
    });
  });

  it('merges ours and the peers’ annotations, without duplicates', () => {
    expect(
      getGitOpsEntityQuery(
        entity({
          'gitops/app-name': 'a, ns/b',
          'argocd/app-name': 'ns/b,c',
          'gitops/app-selector': 'team=payments',
          'argocd/app-selector': '!canary',
          'gitops/agents': 'dev',
          'argocd/instance-name': 'main,dev',
          'gitops/project': 'p1',
          'argocd/project-name': 'p2, p1',
        }),
      ),
    ).toEqual({
      services: [],
      selector: 'team=payments,!canary',
      applications: [
        { name: 'a' },
        { namespace: 'ns', name: 'b' },
        { name: 'c' },
      ],
      agents: ['dev', 'main'],
      projects: ['p1', 'p2'],
    });
  });

  it('keeps one selector when the other is blank', () => {
    expect(
      getGitOpsEntityQuery(
        entity({ 'gitops/app-selector': ' ', 'argocd/app-selector': 'a=b' }),
      )?.selector,
    ).toBe('a=b');
  });

  it('keeps apps of the same name in different namespaces apart', () => {
    expect(
      getGitOpsEntityQuery(entity({ 'gitops/app-name': 'x/web, y/web, web' }))
        ?.applications,
    ).toEqual([
      { namespace: 'x', name: 'web' },
      { namespace: 'y', name: 'web' },
      { name: 'web' },
    ]);
  });

  it('trims around the slash of ns/name', () => {
    expect(
      getGitOpsEntityQuery(entity({ 'gitops/app-name': 'ns / web' }))
        ?.applications,
    ).toEqual([{ namespace: 'ns', name: 'web' }]);
  });

  it.each(['gitops/app-selector', 'argocd/app-selector'])(
    'throws InputError naming %s when its selector is invalid',
    name => {
      const e = entity({ [name]: 'app in (a' });
      expect(() => getGitOpsEntityQuery(e)).toThrow(InputError);
      expect(() => getGitOpsEntityQuery(e)).toThrow(
        `Invalid "${name}" annotation on component:default/payments: Invalid label selector "app in (a"`,
      );
    },
  );

  it.each([
    ['gitops/app-name', 'a/b/c'],
    ['gitops/app-name', '/web'],
    ['argocd/app-name', 'ns/'],
  ])('throws InputError naming %s for %j', (name, value) => {
    const e = entity({ [name]: value });
    expect(() => getGitOpsEntityQuery(e)).toThrow(InputError);
    expect(() => getGitOpsEntityQuery(e)).toThrow(
      `Invalid "${name}" annotation`,
    );
  });

  it('ignores annotations that are not strings', () => {
    const e = entity({ 'gitops/service': 'payments' });
    (e.metadata.annotations as Record<string, unknown>)['gitops/project'] = 42;
    expect(getGitOpsEntityQuery(e)).toEqual({
      services: ['payments'],
      applications: [],
    });
  });
});
