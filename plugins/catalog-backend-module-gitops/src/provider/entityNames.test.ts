import { makeValidator } from '@backstage/catalog-model';
import { toEntityName } from './entityNames';

describe('toEntityName', () => {
  const validator = makeValidator();

  it.each([
    ['prod', 'prod'],
    ['in-cluster', 'in-cluster'],
    ['Prod_EU #1', 'prod_eu-1'],
    ['  spaces  around  ', 'spaces-around'],
    ['https://kubernetes.default.svc', 'https-kubernetes.default.svc'],
    ['--leading.and.trailing..', 'leading.and.trailing'],
    ['Ünïcödé Cluster', 'unicode-cluster'],
    ['!!!', 'unnamed'],
    ['', 'unnamed'],
  ])('normalizes %j to %j', (original, expected) => {
    expect(toEntityName(original)).toBe(expected);
  });

  it('caps names at 63 characters and keeps them valid', () => {
    const name = toEntityName(`${'a'.repeat(62)}-b`);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(validator.isValidEntityName(name)).toBe(true);
  });

  it.each([
    'a'.repeat(200),
    `${'x'.repeat(62)}.-_y`,
    'UPPER/lower:colon@at',
    '日本語',
    'a--b__c..d',
    'cluster (eu-west-1) / prod',
  ])('makes %j a valid entity name', original => {
    expect(validator.isValidEntityName(toEntityName(original))).toBe(true);
  });
});
