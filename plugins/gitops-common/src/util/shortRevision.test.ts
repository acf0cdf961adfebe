import { shortRevision } from './shortRevision';

describe('shortRevision', () => {
  it.each<[string | undefined, string | undefined]>([
    ['a'.repeat(40), 'aaaaaaa'],
    ['0123456789abcdef0123456789abcdef01234567', '0123456'],
    ['0123456789ABCDEF0123456789ABCDEF01234567', '0123456'],
    ['f'.repeat(64), 'fffffff'],
    ['a'.repeat(39), 'a'.repeat(39)],
    ['a'.repeat(41), 'a'.repeat(41)],
    ['g'.repeat(40), 'g'.repeat(40)],
    ['v1.2.3', 'v1.2.3'],
    ['main', 'main'],
    ['HEAD', 'HEAD'],
    ['1.4.0', '1.4.0'],
    ['abc1234', 'abc1234'],
    ['', ''],
    [undefined, undefined],
  ])('%j -> %j', (revision, expected) => {
    expect(shortRevision(revision)).toBe(expected);
  });
});
