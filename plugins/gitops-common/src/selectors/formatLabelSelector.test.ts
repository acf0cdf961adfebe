import fc from 'fast-check';
import { formatLabelSelector } from './formatLabelSelector';
import { parseLabelSelector } from './parseLabelSelector';
import type { LabelSelector, LabelSelectorRequirement } from './types';

describe('formatLabelSelector', () => {
  it.each<[LabelSelectorRequirement[], string]>([
    [[], ''],
    [[{ key: 'app', operator: 'equals', values: ['web'] }], 'app=web'],
    [[{ key: 'app', operator: 'notEquals', values: ['web'] }], 'app!=web'],
    [[{ key: 'app', operator: 'equals', values: [''] }], 'app='],
    [[{ key: 'app', operator: 'in', values: ['a', 'b'] }], 'app in (a,b)'],
    [[{ key: 'app', operator: 'notIn', values: ['a'] }], 'app notin (a)'],
    [[{ key: 'app', operator: 'in', values: [''] }], 'app in ()'],
    [[{ key: 'app', operator: 'exists', values: [] }], 'app'],
    [[{ key: 'app', operator: 'doesNotExist', values: [] }], '!app'],
    [
      [
        { key: 'a', operator: 'equals', values: ['1'] },
        { key: 'b', operator: 'doesNotExist', values: [] },
        { key: 'c', operator: 'in', values: ['x', 'y'] },
      ],
      'a=1,!b,c in (x,y)',
    ],
  ])('formats %j as %j', (requirements, expected) => {
    expect(formatLabelSelector({ requirements })).toBe(expected);
  });

  it('normalizes what it parses', () => {
    expect(
      formatLabelSelector(
        parseLabelSelector('  a == 1 ,  ! b,c   in(x , y,x)  , d'),
      ),
    ).toBe('a=1,!b,c in (x,y),d');
  });

  const name = fc.stringMatching(
    /^[A-Za-z0-9]([-A-Za-z0-9_.]{0,20}[A-Za-z0-9])?$/,
  );
  const prefix = fc.stringMatching(
    /^[a-z0-9]([-a-z0-9]{0,8}[a-z0-9])?(\.[a-z0-9]([-a-z0-9]{0,8}[a-z0-9])?){0,3}$/,
  );
  const key = fc.oneof(
    name,
    fc.tuple(prefix, name).map(([p, n]) => `${p}/${n}`),
    fc.constantFrom('in', 'notin', 'app.kubernetes.io/name'),
  );
  const value = fc.oneof(name, fc.constant(''), fc.constantFrom('in', 'notin'));
  const requirement: fc.Arbitrary<LabelSelectorRequirement> = fc.oneof(
    fc.record({
      key,
      operator: fc.constantFrom('equals' as const, 'notEquals' as const),
      values: value.map(v => [v]),
    }),
    fc.record({
      key,
      operator: fc.constantFrom('in' as const, 'notIn' as const),
      values: fc.uniqueArray(value, { minLength: 1, maxLength: 5 }),
    }),
    fc.record({
      key,
      operator: fc.constantFrom('exists' as const, 'doesNotExist' as const),
      values: fc.constant<string[]>([]),
    }),
  );
  const selector: fc.Arbitrary<LabelSelector> = fc.record({
    requirements: fc.array(requirement, { maxLength: 6 }),
  });

  it('round-trips: parse(format(s)) equals s', () => {
    fc.assert(
      fc.property(selector, s => {
        expect(parseLabelSelector(formatLabelSelector(s))).toEqual(s);
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips formatted text: format(parse(format(s))) equals format(s)', () => {
    fc.assert(
      fc.property(selector, s => {
        const text = formatLabelSelector(s);
        expect(formatLabelSelector(parseLabelSelector(text))).toBe(text);
      }),
    );
  });
});
