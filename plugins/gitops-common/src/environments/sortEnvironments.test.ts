import type { EnvironmentDefinition } from '../types';
import { environmentTitle, sortEnvironments } from './sortEnvironments';

const definitions: EnvironmentDefinition[] = [
  { name: 'prod', title: 'Production', order: 30, production: true },
  { name: 'dev', title: 'Development', order: 10 },
  { name: 'qa', order: 20 },
  { name: 'staging', order: 20 },
  { name: 'prod', title: 'Duplicate', order: 0 },
];

describe('sortEnvironments', () => {
  it('puts configured environments first, in promotion order', () => {
    expect(sortEnvironments(['prod', 'qa', 'dev'], definitions)).toEqual([
      'dev',
      'qa',
      'prod',
    ]);
  });

  it('breaks order ties by configuration position', () => {
    expect(sortEnvironments(['staging', 'qa'], definitions)).toEqual([
      'qa',
      'staging',
    ]);
  });

  it('puts unknown names after, alphabetically', () => {
    expect(
      sortEnvironments(['zeta', 'prod', 'alpha', 'dev', 'beta'], definitions),
    ).toEqual(['dev', 'prod', 'alpha', 'beta', 'zeta']);
  });

  it('never sorts configured names alphabetically', () => {
    expect(sortEnvironments(['prod', 'dev'], definitions)).toEqual([
      'dev',
      'prod',
    ]);
  });

  it('uses the first definition of a name', () => {
    expect(sortEnvironments(['prod', 'dev'], definitions)[0]).toBe('dev');
  });

  it('drops duplicates', () => {
    expect(sortEnvironments(['qa', 'x', 'qa', 'x'], definitions)).toEqual([
      'qa',
      'x',
    ]);
  });

  it('handles no definitions and no names', () => {
    expect(sortEnvironments(['b', 'a'], [])).toEqual(['a', 'b']);
    expect(sortEnvironments([], definitions)).toEqual([]);
  });

  it('does not modify its input', () => {
    const names = ['prod', 'dev'];
    sortEnvironments(names, definitions);
    expect(names).toEqual(['prod', 'dev']);
  });
});

describe('environmentTitle', () => {
  it('uses the configured title', () => {
    expect(environmentTitle('prod', definitions)).toBe('Production');
    expect(environmentTitle('dev', definitions)).toBe('Development');
  });

  it('falls back to the name', () => {
    expect(environmentTitle('qa', definitions)).toBe('qa');
    expect(environmentTitle('edge', definitions)).toBe('edge');
    expect(environmentTitle('edge', [])).toBe('edge');
  });
});
