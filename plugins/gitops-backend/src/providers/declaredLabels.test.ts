import { declaredLabels } from './declaredLabels';

describe('declaredLabels', () => {
  it.each<[string, Record<string, string>, ReturnType<typeof declaredLabels>]>([
    [
      'the suite own labels',
      { 'gitops/service': 'payments', 'gitops/environment': ' staging ' },
      { service: 'payments', environment: 'staging' },
    ],
    [
      'a plain Harness service and environment reference',
      { 'harness.io/serviceRef': 'payments', 'harness.io/envRef': 'qa' },
      { service: 'payments', environment: 'qa' },
    ],
    [
      'account- and org-scoped references, their scope stripped',
      {
        'harness.io/serviceRef': 'account.payments',
        'harness.io/envRef': 'org.qa',
      },
      { service: 'payments', environment: 'qa' },
    ],
    [
      'the suite labels over Harness references',
      {
        'gitops/service': 'ledger',
        'harness.io/serviceRef': 'account.payments',
        'gitops/environment': 'a',
        'harness.io/envRef': 'b',
      },
      { service: 'ledger', environment: 'a' },
    ],
    [
      'a gitops/service label kept as written (not scope-stripped)',
      { 'gitops/service': 'account.payments' },
      { service: 'account.payments', environment: undefined },
    ],
    [
      'blank labels and a bare scope declare nothing',
      {
        'gitops/environment': ' ',
        'harness.io/envRef': 'account.',
        'harness.io/serviceRef': 'org.',
      },
      { service: undefined, environment: undefined },
    ],
  ])('reads %s', (_, labels, expected) => {
    expect(declaredLabels(labels)).toEqual(expected);
  });

  it('reads only own labels', () => {
    const labels = Object.create({
      'gitops/service': 'inherited',
      'gitops/environment': 'x',
    });
    expect(declaredLabels(labels)).toEqual({
      service: undefined,
      environment: undefined,
    });
  });
});
