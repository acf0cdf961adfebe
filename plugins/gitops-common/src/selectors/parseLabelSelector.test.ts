import { InputError } from '@backstage/errors';
import { parseLabelSelector } from './parseLabelSelector';
import type { LabelSelectorRequirement } from './types';

describe('parseLabelSelector', () => {
  const cases: Array<[string, LabelSelectorRequirement[]]> = [
    ['', []],
    ['   ', []],
    ['app=web', [{ key: 'app', operator: 'equals', values: ['web'] }]],
    ['app==web', [{ key: 'app', operator: 'equals', values: ['web'] }]],
    ['app!=web', [{ key: 'app', operator: 'notEquals', values: ['web'] }]],
    ['app=', [{ key: 'app', operator: 'equals', values: [''] }]],
    ['app!=', [{ key: 'app', operator: 'notEquals', values: [''] }]],
    ['app', [{ key: 'app', operator: 'exists', values: [] }]],
    ['!app', [{ key: 'app', operator: 'doesNotExist', values: [] }]],
    ['! app', [{ key: 'app', operator: 'doesNotExist', values: [] }]],
    [
      'env in (dev,qa)',
      [{ key: 'env', operator: 'in', values: ['dev', 'qa'] }],
    ],
    ['env notin (prod)', [{ key: 'env', operator: 'notIn', values: ['prod'] }]],
    ['env in(dev)', [{ key: 'env', operator: 'in', values: ['dev'] }]],
    ['env in ()', [{ key: 'env', operator: 'in', values: [''] }]],
    ['env in (a,)', [{ key: 'env', operator: 'in', values: ['a', ''] }]],
    ['env in (,a)', [{ key: 'env', operator: 'in', values: ['', 'a'] }]],
    ['env in (a,a,b)', [{ key: 'env', operator: 'in', values: ['a', 'b'] }]],
    [
      '  env   in   (  dev ,  qa  )  ',
      [{ key: 'env', operator: 'in', values: ['dev', 'qa'] }],
    ],
    [
      'app.kubernetes.io/name = web , tier != db,!canary, team',
      [
        { key: 'app.kubernetes.io/name', operator: 'equals', values: ['web'] },
        { key: 'tier', operator: 'notEquals', values: ['db'] },
        { key: 'canary', operator: 'doesNotExist', values: [] },
        { key: 'team', operator: 'exists', values: [] },
      ],
    ],
    [
      'a=1,a=2',
      [
        { key: 'a', operator: 'equals', values: ['1'] },
        { key: 'a', operator: 'equals', values: ['2'] },
      ],
    ],
    ['in=x', [{ key: 'in', operator: 'equals', values: ['x'] }]],
    ['in in (in)', [{ key: 'in', operator: 'in', values: ['in'] }]],
    ['notin', [{ key: 'notin', operator: 'exists', values: [] }]],
    ['a=in', [{ key: 'a', operator: 'equals', values: ['in'] }]],
    [
      '\tapp\n=\tweb\r\n',
      [{ key: 'app', operator: 'equals', values: ['web'] }],
    ],
    [
      'harness.io/serviceRef=account.payments',
      [
        {
          key: 'harness.io/serviceRef',
          operator: 'equals',
          values: ['account.payments'],
        },
      ],
    ],
  ];

  it.each(cases)('parses %j', (input, requirements) => {
    expect(parseLabelSelector(input)).toEqual({ requirements });
  });

  const errors: Array<[string, RegExp]> = [
    [',', /expected a label key but found "," at position 1/],
    [
      'app=web,',
      /expected a label key but found end of selector at position 9/,
    ],
    ['app=web,,b', /expected a label key but found "," at position 9/],
    ['=web', /expected a label key but found "=" at position 1/],
    [
      'app web',
      /expected "=", "==", "!=", "in", "notin", "," or end of selector but found "web" at position 5/,
    ],
    [
      'app=web=x',
      /expected "," or end of selector but found "=" at position 8/,
    ],
    [
      'app=web x',
      /expected "," or end of selector but found "x" at position 9/,
    ],
    ['app=(web)', /expected a label value but found "\(" at position 5/],
    ['app in dev', /expected "\(" but found "dev" at position 8/],
    [
      'app in (dev',
      /expected "," or "\)" but found end of selector at position 12/,
    ],
    ['app in (dev qa)', /expected "," or "\)" but found "qa" at position 13/],
    [
      'app in (dev,(qa))',
      /expected a label value but found "\(" at position 13/,
    ],
    ['app notin', /expected "\(" but found end of selector at position 10/],
    ['!', /expected a label key but found end of selector at position 2/],
    ['!!app', /expected a label key but found "!" at position 2/],
    ['!app=web', /expected "," or end of selector but found "=" at position 5/],
    ['app!web', /found "!" at position 4/],
    ['app)', /found "\)" at position 4/],
    ['(app)', /expected a label key but found "\(" at position 1/],
    ['-app=web', /invalid label key "-app" at position 1: the name must/],
    [
      'a/b/c=web',
      /invalid label key "a\/b\/c" at position 1: a label key holds at most one/,
    ],
    [
      'Example.com/x',
      /invalid label key "Example.com\/x" at position 1: the prefix must be a DNS subdomain/,
    ],
    [`${'k'.repeat(64)}`, /the name must be at most 63 characters/],
    ['app=web-', /invalid label value "web-" at position 5/],
    ['app=a/b', /invalid label value "a\/b" at position 5/],
    [`app=${'v'.repeat(64)}`, /a label value must be at most 63 characters/],
    ['app in (ok,bad!)', /expected "," or "\)" but found "!" at position 15/],
    ['app in (ok,-bad)', /invalid label value "-bad" at position 12/],
    ['x>1', /invalid label key "x>1" at position 1/],
    ['a=b;c=d', /invalid label value "b;c" at position 3/],
  ];

  it.each(errors)('rejects %j', (input, message) => {
    expect(() => parseLabelSelector(input)).toThrow(InputError);
    expect(() => parseLabelSelector(input)).toThrow(message);
  });

  it('quotes the whole selector in its errors', () => {
    expect(() => parseLabelSelector('app in (dev')).toThrow(
      'Invalid label selector "app in (dev": ',
    );
  });
});
