import { sandboxRegistry } from '../testUtils/sandboxRegistry';
import { mockServices } from '@backstage/backend-test-utils';
import { SignalPayload } from '@backstage/plugin-signals-node';
import {
  createApplicationMatcher,
  GitOpsEntityQuery,
  gitopsSignalChannels,
} from '@gitops-suite/plugin-gitops-common';
import { Sandbox, startSandbox } from '@gitops-suite/sandbox-agent';
import { createFleet, Fleet } from '../fleet/createFleet';
import { EntityQueryIndex } from './EntityQueryIndex';
import { EntityReaders } from './EntityReaders';
import { FleetSignalPublisher } from './FleetSignalPublisher';
import {
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '../testUtils/shopScenario';

jest.setTimeout(60_000);

/*
 * Changes on a real sandbox agent, followed by the fleet state through its
 * watch stream, published to the channels of the fleet, the entities whose
 * queries select them and the applications themselves.
 */

const scenario = shopScenario('gitops-backend-signals-test', {
  services: [shopService('payments'), shopService('checkout')],
  agents: [
    shopArgoCdAgent('argo', {
      environments: ['dev', 'qa', 'prod'],
      clusters: ['nonprod', 'prod'],
      applicationSets: [
        {
          metadata: { name: 'rollout', namespace: 'argocd' },
          spec: {
            generators: [{ list: { elements: [{ env: 'dev' }] } }],
            strategy: {
              type: 'RollingSync',
              rollingSync: {
                steps: [
                  {
                    matchExpressions: [
                      { key: 'env', operator: 'In', values: ['dev'] },
                    ],
                  },
                ],
              },
            },
            template: {
              metadata: {
                name: 'rollout-{{env}}',
                labels: { 'gitops/service': 'rollout', env: '{{env}}' },
              },
              spec: {
                project: 'default',
                source: {
                  repoURL: 'https://github.com/acme/payments-deploy.git',
                  path: 'deploy/overlays/dev',
                  targetRevision: 'main',
                },
                destination: {
                  server: 'https://kubernetes.default.svc',
                  namespace: 'rollout-{{env}}',
                },
              },
            },
          },
        },
      ],
    }),
  ],
});

async function until<T>(probe: () => T | undefined | false): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    await new Promise(r => setTimeout(r, 20));
  }
}

describe('FleetSignalPublisher over a real sandbox agent', () => {
  let sandbox: Sandbox;
  let fleet: Fleet;
  const received: SignalPayload[] = [];
  const entities = new EntityQueryIndex();
  const readers = new EntityReaders();
  const channels = () => new Set(received.map(signal => signal.channel));
  const signalOn = (channel: string) =>
    received.find(signal => signal.channel === channel);

  beforeAll(async () => {
    sandbox = await startSandbox({ scenario, log: () => {} });
    const agent = sandbox.agent('argo');
    const registry = sandboxRegistry(sandbox, { agentIds: [agent.id] });
    fleet = createFleet({
      registry,
      logger: mockServices.logger.mock(),
      resyncIntervalMs: 600_000,
      pollIntervalMs: 600_000,
      knownSecrets: [agent.token],
    });
    const publisher = new FleetSignalPublisher(
      { publish: async payload => void received.push(payload) },
      entities,
      readers,
      { logger: mockServices.logger.mock(), windowMs: 20 },
    );
    fleet.state.subscribe(change => publisher.onChange(change));
    entities.set('component:default/payments', {
      services: ['payments'],
      applications: [],
    });
    entities.set('component:default/checkout-prod', {
      services: [],
      applications: [],
      selector: 'gitops/service=checkout,gitops/environment=prod',
    });
    entities.set('component:default/elsewhere', {
      services: ['payments'],
      applications: [],
      agents: ['another-agent'],
    });
    // who read each entity through the permission-checked API
    readers.add('component:default/payments', 'user:default/alice');
    readers.add('component:default/checkout-prod', 'user:default/bob');
    readers.add('component:default/elsewhere', 'user:default/carol');
    fleet.start();
    await until(() => fleet.state.loaded('argo'));
    await until(() => channels().has(gitopsSignalChannels.fleet));
  });

  afterAll(async () => {
    await fleet?.stop();
    await sandbox?.close();
  });

  it('publishes a change to the fleet, to the entities that select it and to the application', async () => {
    received.length = 0;
    sandbox.drift('argo', 'payments-dev');
    await until(() =>
      channels().has(gitopsSignalChannels.application('argo', 'payments-dev')),
    );
    expect(channels()).toEqual(
      new Set([
        gitopsSignalChannels.fleet,
        gitopsSignalChannels.entity('component:default/payments'),
        gitopsSignalChannels.application('argo', 'payments-dev'),
      ]),
    );
    // the fleet page's channel is broadcast, with no application data
    expect(signalOn(gitopsSignalChannels.fleet)).toEqual({
      recipients: { type: 'broadcast' },
      channel: gitopsSignalChannels.fleet,
      message: { type: 'changed', agentIds: ['argo'], at: expect.any(String) },
    });
    // an entity's and its applications' only to the users who read it
    expect(
      signalOn(gitopsSignalChannels.entity('component:default/payments')),
    ).toEqual({
      recipients: { type: 'user', entityRef: ['user:default/alice'] },
      channel: gitopsSignalChannels.entity('component:default/payments'),
      message: { type: 'changed', agentIds: ['argo'], at: expect.any(String) },
    });
    expect(
      signalOn(gitopsSignalChannels.application('argo', 'payments-dev'))
        ?.recipients,
    ).toEqual({ type: 'user', entityRef: ['user:default/alice'] });

    received.length = 0;
    sandbox.drift('argo', 'checkout-prod');
    await until(() =>
      channels().has(
        gitopsSignalChannels.entity('component:default/checkout-prod'),
      ),
    );
    expect(channels()).not.toContain(
      gitopsSignalChannels.entity('component:default/payments'),
    );
    expect(
      signalOn(gitopsSignalChannels.application('argo', 'checkout-prod'))
        ?.recipients,
    ).toEqual({ type: 'user', entityRef: ['user:default/bob'] });
  });

  it('signals no entity or application that no signed-in user read', async () => {
    const app = [...fleet.state.loaded('argo')!.apps.values()].find(
      a => a.name === 'checkout-prod',
    )!;
    const unread = new EntityReaders();
    // the ref the signals backend gives an anonymous websocket is no reader
    unread.add('component:default/checkout-prod', 'user:default/guest');
    const publisher = new FleetSignalPublisher(
      { publish: async payload => void received.push(payload) },
      entities,
      unread,
      { logger: mockServices.logger.mock(), windowMs: 5 },
    );
    received.length = 0;
    publisher.onChange({ agentId: 'argo', applications: [app], removed: [] });
    await publisher.flush();
    expect(received).toEqual([
      expect.objectContaining({
        channel: gitopsSignalChannels.fleet,
        recipients: { type: 'broadcast' },
      }),
    ]);
    // once a signed-in user read the entity, its channels reach that user
    unread.add('component:default/checkout-prod', 'user:default/bob');
    received.length = 0;
    publisher.onChange({ agentId: 'argo', applications: [app], removed: [] });
    await publisher.flush();
    expect(received.map(r => [r.channel, r.recipients])).toEqual([
      [gitopsSignalChannels.fleet, { type: 'broadcast' }],
      [
        gitopsSignalChannels.entity('component:default/checkout-prod'),
        { type: 'user', entityRef: ['user:default/bob'] },
      ],
      [
        gitopsSignalChannels.application('argo', 'checkout-prod'),
        { type: 'user', entityRef: ['user:default/bob'] },
      ],
    ]);
  });

  it("tells the entities showing an ApplicationSet's applications when the set changes", async () => {
    entities.set('component:default/rollout', {
      services: ['rollout'],
      applications: [],
    });
    readers.add('component:default/rollout', 'user:default/alice');
    const set = await until(() =>
      fleet.state.loaded('argo')!.appSets.get('rollout'),
    );
    expect(set.applicationStatus).toEqual([
      expect.objectContaining({ application: 'rollout-dev', step: 1 }),
    ]);
    // the same set again is no change (the state tells its listeners at once)
    const told = jest.fn();
    const unsubscribe = fleet.state.subscribe(told);
    fleet.state.applyApplicationSetEvent('argo', {
      type: 'MODIFIED',
      object: set,
    });
    unsubscribe();
    expect(told).not.toHaveBeenCalled();
    received.length = 0;
    // the rollout moves (as an ApplicationSet event carries it)
    fleet.state.applyApplicationSetEvent('argo', {
      type: 'MODIFIED',
      object: {
        ...set,
        applicationStatus: [
          { application: 'rollout-dev', status: 'Pending', step: 1 },
        ],
      },
    });
    await until(() =>
      channels().has(gitopsSignalChannels.entity('component:default/rollout')),
    );
    expect(channels()).not.toContain(
      gitopsSignalChannels.entity('component:default/payments'),
    );
    entities.set('component:default/rollout', undefined);
  });

  it('leaves the application channels out of a window with many changes (a load)', async () => {
    const state = fleet.state.loaded('argo')!;
    const apps = [...state.apps.values()];
    const many = new FleetSignalPublisher(
      { publish: async payload => void received.push(payload) },
      entities,
      readers,
      { logger: mockServices.logger.mock(), windowMs: 5 },
    );
    received.length = 0;
    for (let i = 0; i <= 100; i++) {
      const app = apps[i % apps.length];
      many.onChange({
        agentId: 'argo',
        applications: [{ ...app, name: `${app.name}-${i}` }],
        removed: [],
      });
    }
    await many.flush();
    expect(
      [...channels()].filter(c => c.startsWith('gitops:application:')),
    ).toEqual([]);
    expect(channels()).toContain(gitopsSignalChannels.fleet);
    expect(channels()).toContain(
      gitopsSignalChannels.entity('component:default/payments'),
    );
  });

  it('tells every entity on an agent when its feed goes down and when it comes back', async () => {
    received.length = 0;
    sandbox.stopAgent('argo');
    await until(() => fleet.state.freshness(['argo'])[0].stale);
    const onAgent = [
      gitopsSignalChannels.entity('component:default/payments'),
      gitopsSignalChannels.entity('component:default/checkout-prod'),
    ];
    await until(() => onAgent.every(channel => channels().has(channel)));
    expect(channels()).not.toContain(
      gitopsSignalChannels.entity('component:default/elsewhere'),
    );

    received.length = 0;
    sandbox.startAgent('argo');
    await until(() => !fleet.state.freshness(['argo'])[0].stale);
    await until(() => onAgent.every(channel => channels().has(channel)));
  });

  it('finds the entities of an application as checking every query would', () => {
    const queries: Record<string, GitOpsEntityQuery> = {
      services: { services: ['payments'], applications: [] },
      inSelector: {
        services: [],
        applications: [],
        selector: 'gitops/environment in (dev,qa)',
      },
      exists: { services: [], applications: [], selector: 'gitops/service' },
      negative: {
        services: [],
        applications: [],
        selector: 'gitops/service!=payments',
      },
      named: { services: [], applications: [{ name: 'checkout-qa' }] },
      everything: { services: [], applications: [] },
      otherAgent: { services: ['checkout'], applications: [], agents: ['x'] },
    };
    const index = new EntityQueryIndex();
    for (const [ref, query] of Object.entries(queries)) index.set(ref, query);
    for (const app of fleet.state.loaded('argo')!.apps.values()) {
      const expected = Object.entries(queries)
        .filter(([, query]) => createApplicationMatcher(query)(app))
        .map(([ref]) => ref)
        .sort();
      expect([app.name, index.entitiesOf(app).sort()]).toEqual([
        app.name,
        expected,
      ]);
    }
  });

  it('stops publishing to an entity whose annotations no longer select anything', () => {
    entities.set('component:default/payments', undefined);
    const app = [...fleet.state.loaded('argo')!.apps.values()].find(
      a => a.name === 'payments-qa',
    )!;
    expect(entities.entitiesOf(app)).toEqual([]);
    expect(entities.size).toBe(2);
  });
});
