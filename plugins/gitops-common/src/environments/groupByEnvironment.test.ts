import type { EnvironmentDefinition, GitOpsApplication } from '../types';
import { testApplication } from '../testUtils/testApplication';
import { groupByEnvironment } from './groupByEnvironment';

const app = (
  name: string,
  environment: string,
  extra: Partial<GitOpsApplication> = {},
) => testApplication({ agentId: 'a1', name, environment, ...extra });

const definitions: EnvironmentDefinition[] = [
  { name: 'dev', title: 'Development', order: 1 },
  { name: 'qa', order: 2 },
  { name: 'prod', title: 'Production', order: 3, production: true },
];

describe('groupByEnvironment', () => {
  it('groups in promotion order with titles and production flags', () => {
    const groups = groupByEnvironment(
      [app('web-prod', 'prod'), app('web-dev', 'dev'), app('api-prod', 'prod')],
      definitions,
    );
    expect(
      groups.map(({ applications, ...g }) => ({
        ...g,
        apps: applications.map(a => a.name),
      })),
    ).toEqual([
      {
        name: 'dev',
        title: 'Development',
        order: 1,
        production: false,
        apps: ['web-dev'],
      },
      {
        name: 'prod',
        title: 'Production',
        order: 3,
        production: true,
        apps: ['api-prod', 'web-prod'],
      },
    ]);
  });

  it('puts unknown environments last, alphabetically, with orders after the configured ones', () => {
    const groups = groupByEnvironment(
      [app('a', 'zeta'), app('b', 'prod'), app('c', 'edge'), app('d', 'dev')],
      definitions,
    );
    expect(groups.map(g => [g.name, g.order, g.title, g.production])).toEqual([
      ['dev', 1, 'Development', false],
      ['prod', 3, 'Production', true],
      ['edge', 4, 'edge', false],
      ['zeta', 5, 'zeta', false],
    ]);
  });

  it('sorts applications by name, namespace, then agent', () => {
    const groups = groupByEnvironment(
      [
        app('web', 'dev', { agentId: 'b', namespace: 'x' }),
        app('web', 'dev', { agentId: 'a', namespace: 'x' }),
        app('web', 'dev', { agentId: 'a' }),
        app('api', 'dev', { agentId: 'z' }),
      ],
      definitions,
    );
    expect(
      groups[0].applications.map(
        a => `${a.name}/${a.namespace ?? ''}/${a.agentId}`,
      ),
    ).toEqual(['api//z', 'web//a', 'web/x/a', 'web/x/b']);
  });

  it('returns no groups for no applications', () => {
    expect(groupByEnvironment([], definitions)).toEqual([]);
  });

  it('numbers unknown environments from 0 without definitions', () => {
    expect(
      groupByEnvironment([app('a', 'b'), app('c', 'a')], []).map(g => [
        g.name,
        g.order,
      ]),
    ).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('does not modify its input', () => {
    const apps = [app('b', 'dev'), app('a', 'dev')];
    groupByEnvironment(apps, definitions);
    expect(apps.map(a => a.name)).toEqual(['b', 'a']);
  });
});
