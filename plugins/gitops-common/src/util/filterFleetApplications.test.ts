import type { FleetApplicationFilter } from '../types';
import { filterFleetApplications } from './filterFleetApplications';
import { testApplication as app } from '../testUtils/testApplication';

const apps = [
  app({
    name: 'payments-dev',
    agentId: 'eu-dev',
    environment: 'dev',
    project: 'payments',
    service: 'payments',
    destination: { name: 'dev-eu', namespace: 'payments' },
    sources: [
      {
        repoURL: 'https://github.com/acme/payments-deploy',
        path: 'overlays/dev',
        type: 'kustomize',
      },
    ],
  }),
  app({
    name: 'payments-prod',
    agentId: 'eu-prod',
    namespace: 'argocd',
    environment: 'prod',
    project: 'payments',
    sync: { status: 'OutOfSync' },
    health: { status: 'Degraded' },
    destination: {
      server: 'https://prod-eu.example.com',
      namespace: 'payments',
    },
    applicationSet: 'payments-set',
  }),
  app({
    name: 'billing-prod',
    agentId: 'us-prod',
    environment: 'prod',
    project: 'billing',
    health: { status: 'Progressing' },
    clusterName: 'prod-us-east',
    sources: [
      {
        repoURL: 'https://charts.acme.io',
        chart: 'billing-chart',
        type: 'helm',
      },
    ],
  }),
  app({
    name: 'orphan',
    agentId: 'lab',
    environment: 'lab',
    project: 'default',
  }),
];

const agentsById = {
  'eu-dev': { region: 'eu' },
  'eu-prod': { region: 'eu' },
  'us-prod': { region: 'us' },
  lab: {},
};

describe('filterFleetApplications', () => {
  it.each<[string, FleetApplicationFilter, string[]]>([
    [
      'nothing for an empty filter',
      {},
      ['payments-dev', 'payments-prod', 'billing-prod', 'orphan'],
    ],
    [
      'nothing for empty lists',
      {
        agent: [],
        environment: [],
        region: [],
        health: [],
        sync: [],
        project: [],
        search: '  ',
      },
      ['payments-dev', 'payments-prod', 'billing-prod', 'orphan'],
    ],
    ['by agent', { agent: ['eu-dev', 'lab'] }, ['payments-dev', 'orphan']],
    [
      'by environment',
      { environment: ['prod'] },
      ['payments-prod', 'billing-prod'],
    ],
    ['by region', { region: ['eu'] }, ['payments-dev', 'payments-prod']],
    [
      'by several regions',
      { region: ['us', 'eu'] },
      ['payments-dev', 'payments-prod', 'billing-prod'],
    ],
    [
      'by health',
      { health: ['Degraded', 'Progressing'] },
      ['payments-prod', 'billing-prod'],
    ],
    ['by sync', { sync: ['OutOfSync'] }, ['payments-prod']],
    ['by project', { project: ['billing'] }, ['billing-prod']],
    [
      'fields combine with AND',
      { environment: ['prod'], region: ['eu'] },
      ['payments-prod'],
    ],
    [
      'AND can select nothing',
      { environment: ['dev'], sync: ['OutOfSync'] },
      [],
    ],
    ['search by name', { search: 'billing' }, ['billing-prod']],
    [
      'search case-insensitively',
      { search: 'PAYMENTS-PROD' },
      ['payments-prod'],
    ],
    ['search every term', { search: 'payments prod' }, ['payments-prod']],
    ['search by agent', { search: 'us-prod' }, ['billing-prod']],
    ['search by cluster name', { search: 'prod-us-east' }, ['billing-prod']],
    [
      'search by destination server',
      { search: 'prod-eu.example' },
      ['payments-prod'],
    ],
    ['search by destination name', { search: 'dev-eu' }, ['payments-dev']],
    [
      'search by repository',
      { search: 'acme/payments-deploy' },
      ['payments-dev'],
    ],
    ['search by source path', { search: 'overlays/dev' }, ['payments-dev']],
    ['search by chart', { search: 'billing-chart' }, ['billing-prod']],
    ['search by ApplicationSet', { search: 'payments-set' }, ['payments-prod']],
    ['search by app namespace', { search: 'argocd' }, ['payments-prod']],
    [
      'search by service',
      { search: 'payments', project: ['payments'], environment: ['dev'] },
      ['payments-dev'],
    ],
    ['search that misses', { search: 'nothing-like-this' }, []],
    [
      'by cluster name or destination name',
      { cluster: ['prod-us-east', 'dev-eu'] },
      ['payments-dev', 'billing-prod'],
    ],
    [
      'by cluster given as a server',
      { cluster: ['https://prod-eu.example.com'] },
      ['payments-prod'],
    ],
    [
      'by server, trailing slashes ignored',
      { server: ['https://prod-eu.example.com//'] },
      ['payments-prod'],
    ],
    [
      'by server where an app has one, by cluster where it has none',
      {
        server: ['https://elsewhere.example.com'],
        cluster: ['prod-us-east'],
      },
      ['billing-prod'],
    ],
  ])('filters %s', (_, filter, expected) => {
    expect(
      filterFleetApplications(apps, filter, agentsById).map(a => a.name),
    ).toEqual(expected);
  });

  it('accepts agents in a Map', () => {
    const map = new Map(Object.entries(agentsById));
    expect(
      filterFleetApplications(apps, { region: ['us'] }, map).map(a => a.name),
    ).toEqual(['billing-prod']);
  });

  it('leaves out apps of agents without a known region when filtering by region', () => {
    expect(
      filterFleetApplications(apps, { region: ['eu'] }).map(a => a.name),
    ).toEqual([]);
    expect(
      filterFleetApplications(apps, { region: ['constructor'] }, agentsById),
    ).toEqual([]);
  });

  it('answers an unfiltered list in an array of its own, every application in order', () => {
    const all = filterFleetApplications(apps, {}, agentsById);
    expect(all).not.toBe(apps);
    expect(all).toEqual(apps);
  });

  it('does not modify its input', () => {
    const input = [...apps];
    filterFleetApplications(input, { sync: ['OutOfSync'] }, agentsById);
    expect(input).toEqual(apps);
  });
});
