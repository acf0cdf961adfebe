import { isValidLabelKey, isValidLabelValue } from './labelSyntax';

describe('isValidLabelKey', () => {
  it.each([
    'app',
    'a',
    'A',
    '9',
    'app.kubernetes.io/name',
    'harness.io/serviceRef',
    'gitops/service',
    'my_label',
    'My-Label.v1',
    'a'.repeat(63),
    `${'p'.repeat(253)}/name`,
    `${'a'.repeat(63)}.${'b'.repeat(63)}/x`,
    'x1.example/y',
  ])('accepts %j', key => {
    expect(isValidLabelKey(key)).toBe(true);
  });

  it.each([
    '',
    '/',
    '/name',
    'prefix/',
    'a/b/c',
    '-app',
    'app-',
    '_app',
    'app_',
    '.app',
    'app.',
    'a b',
    'a'.repeat(64),
    `${'p'.repeat(254)}/name`,
    'Example.com/name',
    'example_com/name',
    '-example.com/name',
    'example..com/name',
    'app$',
    'ünicode',
  ])('rejects %j', key => {
    expect(isValidLabelKey(key)).toBe(false);
  });
});

describe('isValidLabelValue', () => {
  it.each(['', 'a', 'prod', 'v1.2.3', 'A_b-c.d', 'a'.repeat(63), '0'])(
    'accepts %j',
    value => {
      expect(isValidLabelValue(value)).toBe(true);
    },
  );

  it.each([
    '-a',
    'a-',
    '.a',
    'a.',
    '_a',
    'a_',
    'a/b',
    'a b',
    'a'.repeat(64),
    'a:b',
  ])('rejects %j', value => {
    expect(isValidLabelValue(value)).toBe(false);
  });
});
