import { flattenToStrings, sprintV } from './flatten';

/* jeremywohl/flatten DotStyle and fmt %v, as Argo CD flattens params. */
describe('flattenToStrings', () => {
  it('nests with dots, indexes lists, drops empty maps and prints leaves with %v', () => {
    expect(flattenToStrings({ a: { b: 1, c: [true, null] }, empty: {}, big: 1000000, s: 'x' })).toEqual({
      'a.b': '1',
      'a.c.0': 'true',
      'a.c.1': '<nil>',
      big: '1e+06',
      s: 'x',
    });
    expect(sprintV({ b: [1, 'x'], a: 2 })).toBe('map[a:2 b:[1 x]]');
  });
});
