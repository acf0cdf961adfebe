import { ConfigReader } from '@backstage/config';
import { readProjectRules } from './projectRules';

const read = (projects: unknown) =>
  readProjectRules(new ConfigReader({ projects } as any));

describe('gitops.projects', () => {
  it('reads owners as full entity refs, destinations and repositories', () => {
    expect(
      read([
        {
          name: 'payments',
          agents: ['prod'],
          owners: ['team-payments', 'user:default/ada'],
          destinations: [{ name: 'prod', namespace: 'payments-*' }],
          sourceRepos: ['https://github.com/acme/*'],
        },
        { name: 'checkout', owners: ['group:default/team-checkout'] },
      ]),
    ).toEqual([
      {
        project: 'payments',
        agents: ['prod'],
        owners: ['group:default/team-payments', 'user:default/ada'],
        destinations: [{ name: 'prod', namespace: 'payments-*' }],
        sourceRepos: ['https://github.com/acme/*'],
      },
      {
        project: 'checkout',
        agents: undefined,
        owners: ['group:default/team-checkout'],
      },
    ]);
    expect(readProjectRules(undefined)).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(() => read([{ name: 'a', owners: [] }])).toThrow(
      'gitops.projects[0] (a): owners must name at least one owner',
    );
    expect(() => read([{ name: 'a', owners: ['group:'] }])).toThrow(
      /gitops.projects\[0\] \(a\).owners: 'group:' is not an entity ref/,
    );
    expect(() =>
      read([{ name: 'a', owners: ['x'], destinations: [{}] }]),
    ).toThrow(
      'gitops.projects[0] (a).destinations[0]: give a server, a name or a namespace pattern',
    );
    expect(() =>
      read([
        { name: 'a', owners: ['x'] },
        { name: 'a', owners: ['y'] },
      ]),
    ).toThrow("gitops.projects: project 'a' is mapped twice");
  });
});
