import { environmentChoices, environmentsProblem } from './environmentChoices';

const definitions = [
  { name: 'prod', title: 'Production', order: 3, production: true },
  { name: 'dev', title: 'Development', order: 1 },
  { name: 'qa', title: 'QA', order: 2 },
];

describe('environmentChoices', () => {
  it('offers the configured environments in promotion order, labelled for people', () => {
    expect(environmentChoices(definitions).map(c => c.label)).toEqual([
      'Development',
      'QA',
      'Production',
    ]);
  });

  it('adds the new environment and marks what runs today', () => {
    const choices = environmentChoices(definitions, ['dev', 'prod'], 'staging');
    expect(choices.map(c => c.name)).toEqual(['dev', 'qa', 'prod', 'staging']);
    expect(choices.filter(c => c.current).map(c => c.name)).toEqual([
      'dev',
      'prod',
    ]);
    expect(choices.find(c => c.added)?.label).toBe('staging');
  });
});

describe('environmentsProblem', () => {
  it('refuses a change that silently drops the environments deployed today', () => {
    expect(
      environmentsProblem({
        selected: ['staging'],
        current: ['dev', 'prod'],
        added: 'staging',
      }),
    ).toBe(
      'dev, prod would no longer be deployed. Check them again, or confirm the removal.',
    );
  });

  it('accepts a removal made on purpose', () => {
    expect(
      environmentsProblem({
        selected: ['dev', 'staging'],
        current: ['dev', 'prod'],
        added: 'staging',
        removalConfirmed: true,
      }),
    ).toBeUndefined();
  });

  it('wants the added environment checked and not deployed already', () => {
    expect(
      environmentsProblem({
        selected: ['dev'],
        current: ['dev'],
        added: 'staging',
      }),
    ).toBe('Keep staging checked: it is the environment this template adds.');
    expect(
      environmentsProblem({
        selected: ['dev'],
        current: ['dev'],
        added: 'dev',
      }),
    ).toMatch(/^dev is deployed already/);
  });

  it('accepts keeping every environment and adding one', () => {
    expect(
      environmentsProblem({
        selected: ['dev', 'prod', 'staging'],
        current: ['dev', 'prod'],
        added: 'staging',
      }),
    ).toBeUndefined();
    expect(environmentsProblem({ selected: [] })).toBe(
      'Pick at least one environment.',
    );
  });
});
