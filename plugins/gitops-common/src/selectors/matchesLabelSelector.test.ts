import { InputError } from '@backstage/errors';
import { matchesLabelSelector } from './matchesLabelSelector';
import { parseLabelSelector } from './parseLabelSelector';

const labels = {
  app: 'web',
  env: 'prod',
  'app.kubernetes.io/part-of': 'shop',
  empty: '',
};

describe('matchesLabelSelector', () => {
  const cases: Array<[string, Record<string, string> | undefined, boolean]> = [
    ['', labels, true],
    ['', {}, true],
    ['', undefined, true],
    ['app=web', labels, true],
    ['app==web', labels, true],
    ['app=api', labels, false],
    ['missing=web', labels, false],
    ['app!=api', labels, true],
    ['app!=web', labels, false],
    ['missing!=web', labels, true],
    ['env in (dev,prod)', labels, true],
    ['env in (dev,qa)', labels, false],
    ['missing in (dev)', labels, false],
    ['env notin (dev,qa)', labels, true],
    ['env notin (prod)', labels, false],
    ['missing notin (prod)', labels, true],
    ['app', labels, true],
    ['missing', labels, false],
    ['!app', labels, false],
    ['!missing', labels, true],
    ['empty', labels, true],
    ['empty=', labels, true],
    ['empty in ()', labels, true],
    ['empty!=', labels, false],
    ['app=', labels, false],
    ['missing=', labels, false],
    ['app.kubernetes.io/part-of=shop', labels, true],
    ['app=web,env=prod', labels, true],
    ['app=web,env=dev', labels, false],
    ['app=web,!canary,env in (prod),tier notin (db)', labels, true],
    ['app', undefined, false],
    ['!app', undefined, true],
    ['app!=web', undefined, true],
    ['constructor', {}, false],
    ['!toString', {}, true],
    ['hasOwnProperty!=x', {}, true],
    ['APP=web', labels, false],
    ['app=WEB', labels, false],
  ];

  it.each(cases)('%j on %j is %s', (selector, given, expected) => {
    expect(matchesLabelSelector(selector, given)).toBe(expected);
    expect(matchesLabelSelector(parseLabelSelector(selector), given)).toBe(
      expected,
    );
  });

  it('throws InputError on an invalid string selector', () => {
    expect(() => matchesLabelSelector('app in', labels)).toThrow(InputError);
  });
});
