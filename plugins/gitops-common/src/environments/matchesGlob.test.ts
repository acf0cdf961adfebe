import { matchesGlob } from './matchesGlob';

describe('matchesGlob', () => {
  it.each<[string, string, boolean]>([
    ['prod', 'prod', true],
    ['prod', 'prod-eu', false],
    ['prod', 'pro', false],
    ['*', '', true],
    ['*', 'anything/at.all', true],
    ['', '', true],
    ['', 'x', false],
    ['prod-*', 'prod-eu', true],
    ['prod-*', 'prod-', true],
    ['prod-*', 'prod', false],
    ['*-prod', 'eu-prod', true],
    ['*-prod', 'eu-prod-2', false],
    ['*prod*', 'eu-prod-2', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'aXbYc', true],
    ['a*b*c', 'aXbY', false],
    ['a*b*c', 'abcbc', true],
    ['a**b', 'ab', true],
    ['https://*.prod.example.com', 'https://k8s.prod.example.com', true],
    ['https://*.prod.example.com', 'https://k8s.dev.example.com', false],
    ['https://*.prod.example.com', 'https://a.b.prod.example.com', true],
    ['team-?', 'team-a', false],
    ['team-?', 'team-?', true],
    ['a.c', 'abc', false],
    ['(x)', '(x)', true],
    ['Prod', 'prod', false],
  ])('%j vs %j is %s', (pattern, value, expected) => {
    expect(matchesGlob(pattern, value)).toBe(expected);
  });
});
