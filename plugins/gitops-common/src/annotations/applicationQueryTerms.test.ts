import {
  applicationQueryTerms,
  entityQueryTerms,
  EntityQueryTerms,
  serviceLabelSelectors,
} from './applicationQueryTerms';
import {
  createApplicationMatcher,
  QueryableApplication,
} from './applicationMatchesQuery';
import type { GitOpsEntityQuery } from './GitOpsEntityQuery';
import type { GitOpsApplication } from '../types';
import { testApplication } from '../testUtils/testApplication';

const app = (overrides: Partial<GitOpsApplication> = {}) =>
  testApplication({ name: 'payments-dev', ...overrides });

const query = (selects: Partial<GitOpsEntityQuery>): GitOpsEntityQuery => ({
  services: [],
  applications: [],
  ...selects,
});

/** Whether an index of `applicationQueryTerms()` offers `a` as a candidate. */
function isCandidate(terms: EntityQueryTerms, a: QueryableApplication) {
  const held = new Set(applicationQueryTerms(a));
  return (
    terms.any.some(term => held.has(term)) ||
    (terms.selector.length > 0 &&
      terms.selector.every(group => group.some(term => held.has(term))))
  );
}

describe('applicationQueryTerms', () => {
  it('finds an application under its name, service, ApplicationSet and labels', () => {
    expect(
      applicationQueryTerms(
        app({
          applicationSet: 'payments-set',
          service: 'payments',
          labels: {
            'gitops/service': 'payments',
            'harness.io/serviceRef': 'org.payments',
            team: 'a',
          },
        }),
      ),
    ).toEqual([
      'n:payments-dev',
      'g:payments',
      's:payments-set',
      'k:gitops/service',
      'l:gitops/service=payments',
      'k:harness.io/serviceRef',
      'l:harness.io/serviceRef=org.payments',
      'k:team',
      'l:team=a',
    ]);
  });

  it('reads the service as the provider normalized it, and only own labels', () => {
    const labels = Object.create({ 'gitops/service': 'inherited' });
    expect(applicationQueryTerms(app({ labels }))).toEqual(['n:payments-dev']);
  });
});

describe('entityQueryTerms', () => {
  it('names the terms of services, names and ApplicationSets', () => {
    expect(
      entityQueryTerms(
        query({
          services: ['account.payments'],
          applications: [{ name: 'ledger', namespace: 'argocd' }],
          applicationSets: ['shop'],
        }),
      ),
    ).toEqual({
      any: ['g:account.payments', 'g:payments', 'n:ledger', 's:shop'],
      selector: [],
    });
  });

  it('groups the terms of each positive selector requirement', () => {
    expect(
      entityQueryTerms(
        query({ selector: 'team=a,tier in (web,api),canary,env!=prod' }),
      ),
    ).toEqual({
      any: [],
      selector: [['l:team=a'], ['l:tier=web', 'l:tier=api'], ['k:canary']],
    });
  });

  it('narrows nothing for a query that selects nothing or only excludes', () => {
    expect(entityQueryTerms(query({}))).toBeUndefined();
    expect(entityQueryTerms(query({ agents: ['dev'] }))).toBeUndefined();
    expect(
      entityQueryTerms(query({ services: ['payments'], selector: '!canary' })),
    ).toBeUndefined();
  });

  it('offers as candidates every application the matcher selects', () => {
    const apps = [
      app({ service: 'payments' }),
      app({
        service: 'payments',
        labels: { 'harness.io/serviceRef': 'org.payments' },
      }),
      app({ name: 'ledger' }),
      app({ applicationSet: 'shop' }),
      app({ labels: { team: 'a', tier: 'api' } }),
      app({ labels: { team: 'a', canary: 'yes' } }),
      app({ labels: { team: 'b', tier: 'web' } }),
    ];
    const queries = [
      query({ services: ['payments'] }),
      query({ services: ['account.payments'] }),
      query({ applications: [{ name: 'ledger' }] }),
      query({ applicationSets: ['shop'] }),
      query({ selector: 'team=a,tier in (web,api)' }),
      query({ selector: 'canary' }),
      query({ services: ['billing'], selector: 'tier=web' }),
    ];
    for (const q of queries) {
      const terms = entityQueryTerms(q)!;
      const matches = createApplicationMatcher(q);
      const selected = apps.filter(matches);
      expect(selected.length).toBeGreaterThan(0);
      expect(selected.filter(a => !isCandidate(terms, a))).toEqual([]);
    }
  });
});

describe('serviceLabelSelectors', () => {
  it('selects by the service label', () => {
    expect(serviceLabelSelectors(['payments', 'org.ledger'])).toEqual([
      'gitops/service in (payments,org.ledger)',
    ]);
  });

  it('selects nothing without services', () => {
    expect(serviceLabelSelectors([])).toEqual([]);
  });
});
