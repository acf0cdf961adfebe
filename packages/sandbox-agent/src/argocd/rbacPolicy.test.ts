import { RbacPolicy, RbacPolicyError, globMatch, parsePolicyCsv, parseScopes, scopeValues } from './rbacPolicy';

const FLEET_POLICY = `
# payments
p, role:payments-admin, applications, get, payments/*, allow
p, role:payments-admin, applications, sync, payments/*, allow
p, role:payments-admin, applications, action/*, payments/*, allow
p, role:payments-viewer, applications, get, payments/*, allow
p, role:checkout-admin, applications, *, checkout/*, allow
g, payments-admins, role:payments-admin
g, payments-viewers, role:payments-viewer
g, checkout-admins, role:checkout-admin
`;

describe('globMatch (gobwas/glob without separators, as Argo CD)', () => {
  it.each([
    ['payments/*', 'payments/payments-api-qa', true],
    ['payments/*', 'payments/team-data-apps/ml', true],
    ['payments/*', 'checkout/cart', false],
    ['*', '', true],
    ['*/*', 'p/a', true],
    ['action/*', 'action/apps/Deployment/restart', true],
    ['action/*', 'action', false],
    ['payments-api-?a', 'payments-api-qa', true],
    ['{payments,checkout}/*', 'checkout/cart', true],
    ['{payments,checkout}/*', 'catalog/search', false],
    ['[pc]*/x', 'checkout/x', true],
    ['[!pc]*/x', 'checkout/x', false],
    ['a.b', 'axb', false],
    ['a\\*', 'a*', true],
    ['a\\*', 'ab', false],
  ])('%s ~ %s = %s', (pattern, value, expected) => {
    expect(globMatch(pattern, value)).toBe(expected);
  });
});

describe('parsePolicyCsv', () => {
  it('reads p and g lines, comments, blank lines and quoted fields', () => {
    const { rules, groupings } = parsePolicyCsv(`
# a comment
p, role:x, applications, get, "my,project/*", allow

g, "team ""a""", role:x
`);
    expect(rules).toEqual([
      { subject: 'role:x', resource: 'applications', action: 'get', object: 'my,project/*', effect: 'allow', line: 3 },
    ]);
    expect(groupings).toEqual([['team "a"', 'role:x']]);
  });

  it.each([
    ['x, a, b', /line 1: invalid RBAC policy/],
    ['p, role:x, applications, get, */*', /line 1: a p line has 5 values/],
    ['\np, role:x, applications, get, */*, maybe', /line 2: the effect is allow or deny/],
    ['g, only-one', /line 1: a g line has 2 values/],
    ['p, role:x, "applications, get, */*, allow', /line 1: unterminated quote/],
  ])('refuses %j', (text, message) => {
    expect(() => parsePolicyCsv(text)).toThrow(RbacPolicyError);
    expect(() => parsePolicyCsv(text)).toThrow(message);
  });
});

describe('scopes', () => {
  it('parses argocd-rbac-cm scopes and reads the claims they name', () => {
    expect(parseScopes(undefined)).toEqual(['groups']);
    expect(parseScopes('[groups]')).toEqual(['groups']);
    expect(parseScopes("[groups, 'email']")).toEqual(['groups', 'email']);
    expect(parseScopes(['roles'])).toEqual(['roles']);
    expect(scopeValues({ groups: ['a', 1, 'b'], email: 'x@y', other: ['z'] }, ['groups', 'email'])).toEqual([
      'a',
      'b',
      'x@y',
    ]);
  });
});

describe('RbacPolicy', () => {
  const policy = new RbacPolicy({ policyCsv: FLEET_POLICY, scopes: '[groups]' });
  const ada = { sub: 'ada', groups: ['payments-admins'] };
  const dana = { sub: 'dana', groups: ['payments-viewers'] };
  const cole = { sub: 'cole', groups: ['checkout-admins'] };

  it('lets payments-admins get, sync and run actions on payments/*', () => {
    expect(policy.enforceClaims(ada, 'applications', 'get', 'payments/payments-api-qa')).toBe(true);
    expect(policy.enforceClaims(ada, 'applications', 'sync', 'payments/payments-api-qa')).toBe(true);
    expect(policy.enforceClaims(ada, 'applications', 'action/apps/Deployment/restart', 'payments/payments-api-qa')).toBe(
      true,
    );
    expect(policy.enforceClaims(ada, 'applications', 'delete', 'payments/payments-api-qa')).toBe(false);
    expect(policy.enforceClaims(ada, 'applications', 'sync', 'checkout/cart-service-qa')).toBe(false);
  });

  it('lets payments-viewers only get', () => {
    expect(policy.enforceClaims(dana, 'applications', 'get', 'payments/payments-api-qa')).toBe(true);
    expect(policy.enforceClaims(dana, 'applications', 'sync', 'payments/payments-api-qa')).toBe(false);
    expect(policy.enforceClaims(dana, 'applications', 'action/apps/Deployment/restart', 'payments/x')).toBe(false);
  });

  it('gives checkout-admins everything on checkout/* only, apps in other namespaces included', () => {
    expect(policy.enforceClaims(cole, 'applications', 'delete', 'checkout/cart-service-qa')).toBe(true);
    expect(policy.enforceClaims(cole, 'applications', 'sync', 'checkout/team-apps/cart')).toBe(true);
    expect(policy.enforceClaims(cole, 'applications', 'get', 'payments/payments-api-qa')).toBe(false);
    expect(policy.enforceClaims(cole, 'applicationsets', 'get', 'checkout/storefront')).toBe(false);
  });

  it('refuses users without groups, and groups no g line names (as Argo CD prefilters them)', () => {
    expect(policy.enforceClaims({ sub: 'eve' }, 'applications', 'get', 'payments/a')).toBe(false);
    const direct = new RbacPolicy({ policyCsv: 'p, team-x, applications, get, */*, allow' });
    expect(direct.enforceClaims({ sub: 'u', groups: ['team-x'] }, 'applications', 'get', 'a/b')).toBe(false);
    // ... but the subject itself matches p lines directly
    expect(direct.enforceClaims({ sub: 'team-x' }, 'applications', 'get', 'a/b')).toBe(true);
  });

  it('lets a deny win over an allow for the same subject, roles inherited transitively', () => {
    const p = new RbacPolicy({
      policyCsv: `
p, role:base, applications, *, payments/*, allow
p, role:careful, applications, sync, payments/*-prod, deny
g, role:careful, role:base
g, ops, role:careful
`,
    });
    expect(p.enforceClaims({ sub: 'x', groups: ['ops'] }, 'applications', 'sync', 'payments/api-qa')).toBe(true);
    expect(p.enforceClaims({ sub: 'x', groups: ['ops'] }, 'applications', 'sync', 'payments/api-prod')).toBe(false);
  });

  it('checks the default role first and knows the built-in roles', () => {
    const readonly = new RbacPolicy({ policyCsv: FLEET_POLICY, policyDefault: 'role:readonly' });
    expect(readonly.enforceClaims({ sub: 'eve' }, 'applications', 'get', 'catalog/search-api-qa')).toBe(true);
    expect(readonly.enforceClaims({ sub: 'eve' }, 'applications', 'sync', 'catalog/search-api-qa')).toBe(false);
    expect(policy.enforce('admin', 'applications', 'delete', 'anything/at-all')).toBe(true);
    const admins = new RbacPolicy({ policyCsv: 'g, platform, role:admin' });
    expect(admins.enforceClaims({ sub: 'p', groups: ['platform'] }, 'clusters', 'update', 'https://x')).toBe(true);
  });

  it('takes groups from the claims the scopes name', () => {
    const byEmail = new RbacPolicy({
      policyCsv: 'p, role:r, applications, get, */*, allow\ng, ada@acme.example, role:r',
      scopes: '[groups, email]',
    });
    expect(byEmail.enforceClaims({ sub: 'ada', email: 'ada@acme.example' }, 'applications', 'get', 'a/b')).toBe(true);
    expect(new RbacPolicy({ policyCsv: FLEET_POLICY, scopes: '[roles]' }).enforceClaims(ada, 'applications', 'get', 'payments/a')).toBe(
      false,
    );
  });
});
