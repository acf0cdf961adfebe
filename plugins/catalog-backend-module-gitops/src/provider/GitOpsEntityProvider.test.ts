import { mockServices } from '@backstage/backend-test-utils';
import {
  ANNOTATION_LOCATION,
  ANNOTATION_ORIGIN_LOCATION,
  Entity,
  makeValidator,
} from '@backstage/catalog-model';
import {
  DeferredEntity,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import { GitOpsApiReader } from '../api/GitOpsApiReader';
import {
  GitOpsFleet,
  startGitOpsFleet,
} from '../__testUtils__/startGitOpsFleet';
import { GitOpsEntityProvider } from './GitOpsEntityProvider';

jest.setTimeout(60_000);

/*
 * The provider against the real gitops backend plugin (in a test backend),
 * which reads the sandbox agents over real HTTP.
 */

function connection() {
  const mutations: DeferredEntity[][] = [];
  const conn: EntityProviderConnection = {
    applyMutation: jest.fn(async mutation => {
      if (mutation.type !== 'full') throw new Error('expected a full mutation');
      mutations.push(mutation.entities);
    }),
    refresh: jest.fn(),
  };
  return {
    conn,
    last: () => mutations[mutations.length - 1].map(d => d.entity),
    count: () => mutations.length,
  };
}

const ofType = (entities: Entity[], type: string) =>
  entities.filter(e => (e.spec as { type?: string }).type === type);
const byName = (entities: Entity[], name: string) => {
  const found = entities.find(e => e.metadata.name === name);
  if (!found) {
    throw new Error(
      `no entity ${name} in ${entities.map(e => e.metadata.name).join(', ')}`,
    );
  }
  return found;
};

describe('GitOpsEntityProvider (against the real gitops backend)', () => {
  let fleet: GitOpsFleet;

  beforeAll(async () => {
    fleet = await startGitOpsFleet();
  });

  afterAll(async () => {
    await fleet?.stop();
  });

  afterEach(() => fleet.sandbox.reset());

  function createProvider(reader: GitOpsApiReader = fleet.reader) {
    return GitOpsEntityProvider.fromConfig(
      mockServices.rootConfig({
        data: {
          catalog: { providers: { gitops: { owner: 'group:default/sre' } } },
        },
      }),
      { reader, logger: mockServices.logger.mock() },
    );
  }

  it('has its name and schedules its refresh with the scheduler', async () => {
    const scheduler = mockServices.scheduler.mock();
    const runner = { run: jest.fn() };
    scheduler.createScheduledTaskRunner.mockReturnValue(runner);
    const provider = GitOpsEntityProvider.fromConfig(
      mockServices.rootConfig(),
      {
        reader: fleet.reader,
        logger: mockServices.logger.mock(),
        scheduler,
      },
    );
    expect(provider.getProviderName()).toBe('gitops-entity-provider');
    await provider.connect(connection().conn);
    expect(scheduler.createScheduledTaskRunner).toHaveBeenCalledWith({
      frequency: { minutes: 5 },
      timeout: { minutes: 3 },
    });
    expect(runner.run).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'gitops-entity-provider:refresh' }),
    );
  });

  it('reads the schedule from catalog.providers.gitops.schedule', async () => {
    const scheduler = mockServices.scheduler.mock();
    scheduler.createScheduledTaskRunner.mockReturnValue({ run: jest.fn() });
    GitOpsEntityProvider.fromConfig(
      mockServices.rootConfig({
        data: {
          catalog: {
            providers: {
              gitops: {
                schedule: {
                  frequency: { minutes: 1 },
                  timeout: { seconds: 30 },
                },
              },
            },
          },
        },
      }),
      { reader: fleet.reader, logger: mockServices.logger.mock(), scheduler },
    );
    expect(scheduler.createScheduledTaskRunner).toHaveBeenCalledWith(
      expect.objectContaining({
        frequency: { minutes: 1 },
        timeout: { seconds: 30 },
      }),
    );
  });

  it('emits the environments in promotion order with their production flag', async () => {
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const environments = ofType(c.last(), 'environment');
    expect(environments.map(e => e.metadata.name)).toEqual([
      'dev',
      'qa',
      'prod',
    ]);
    expect(
      environments.map(e => [
        e.metadata.annotations?.['gitops/environment-order'],
        e.metadata.annotations?.['gitops/production'],
      ]),
    ).toEqual([
      ['1', 'false'],
      ['2', 'false'],
      ['3', 'true'],
    ]);
    expect(byName(environments, 'prod')).toMatchObject({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        title: 'Production',
        annotations: { 'gitops/environment': 'prod' },
      },
      spec: { type: 'environment', owner: 'group:default/sre' },
    });
  });

  it('emits every agent with its kind, version, region and connection state', async () => {
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const agents = ofType(c.last(), 'gitops-agent');
    expect(agents.map(e => e.metadata.name).sort()).toEqual([
      'gitops-agent-hx',
      'gitops-agent-nonprod',
      'gitops-agent-prod',
    ]);
    const nonprod = byName(agents, 'gitops-agent-nonprod');
    expect(nonprod.metadata.annotations).toMatchObject({
      'gitops/agent': 'nonprod',
      'gitops/agent-kind': 'argocd',
      'gitops/agent-version': expect.stringContaining('2.13.1'),
      'gitops/connection-state': 'connected',
      'gitops/region': 'eu-west-1',
      'gitops/original-name': 'nonprod',
    });
    expect(nonprod.spec?.dependencyOf).toEqual([
      'resource:default/dev',
      'resource:default/qa',
    ]);
    expect(
      byName(agents, 'gitops-agent-hx').metadata.annotations?.[
        'gitops/agent-kind'
      ],
    ).toBe('harness');
  });

  it('emits every cluster with its server, agent and region, depending on its agent', async () => {
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const clusters = ofType(c.last(), 'kubernetes-cluster');
    expect(
      [
        ...new Set(clusters.map(e => e.metadata.annotations?.['gitops/agent'])),
      ].sort(),
    ).toEqual(['hx', 'nonprod', 'prod']);
    const nonprod = byName(clusters, 'nonprod-nonprod');
    expect(nonprod.metadata.annotations).toMatchObject({
      'gitops/cluster': 'nonprod',
      'gitops/cluster-server': 'https://nonprod.example.internal:6443',
      'gitops/agent': 'nonprod',
      'gitops/region': 'eu-west-1',
      'gitops/original-name': 'nonprod',
    });
    expect(nonprod.metadata.annotations?.['gitops/stale']).toBeUndefined();
    expect(nonprod.spec).toMatchObject({
      type: 'kubernetes-cluster',
      owner: 'group:default/sre',
      dependsOn: ['resource:default/gitops-agent-nonprod'],
    });
  });

  it('gives oddly named clusters valid entity names and keeps the original', async () => {
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const validator = makeValidator();
    for (const entity of c.last()) {
      expect(validator.isValidEntityName(entity.metadata.name)).toBe(true);
    }
    const odd = c
      .last()
      .find(
        e => e.metadata.annotations?.['gitops/original-name'] === 'Prod_EU #1',
      );
    expect(odd?.metadata.name).toBe('prod-prod_eu-1');
    expect(odd?.metadata.annotations?.['gitops/cluster']).toBe('Prod_EU #1');
  });

  it('keeps clusters apart whose names normalize alike', async () => {
    const reader: GitOpsApiReader = {
      environments: () => fleet.reader.environments(),
      agents: () => fleet.reader.agents(),
      applications: () => fleet.reader.applications(),
      clusters: async () => {
        const result = await fleet.reader.clusters();
        const eu = result.items.find(c => c.name === 'eu')!;
        return {
          ...result,
          items: [
            ...result.items,
            { ...eu, name: 'EU', server: 'https://eu2.example.internal:6443' },
          ],
        };
      },
    };
    const provider = createProvider(reader);
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const clusters = ofType(c.last(), 'kubernetes-cluster').filter(
      e => e.metadata.annotations?.['gitops/agent'] === 'hx',
    );
    const names = clusters.map(e => e.metadata.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('hx-eu');
    const upper = clusters.find(
      e => e.metadata.annotations?.['gitops/original-name'] === 'EU',
    );
    expect(upper?.metadata.name).toMatch(/^hx-eu-[0-9a-f]{6}$/);
    expect(makeValidator().isValidEntityName(upper?.metadata.name)).toBe(true);
  });

  it("tells every agent's local cluster apart: a name per agent, the agent in the title", async () => {
    // every sandbox agent, as every Argo CD, reports its own `in-cluster`
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const local = ofType(c.last(), 'kubernetes-cluster').filter(
      e => e.metadata.annotations?.['gitops/cluster'] === 'in-cluster',
    );
    expect(local.map(e => e.metadata.name).sort()).toEqual([
      'hx-in-cluster',
      'nonprod-in-cluster',
      'prod-in-cluster',
    ]);
    expect(local.map(e => e.metadata.title).sort()).toEqual([
      'in-cluster (agent hx)',
      'in-cluster (agent nonprod)',
      'in-cluster (agent prod)',
    ]);
    expect(byName(local, 'prod-in-cluster').spec?.dependsOn).toEqual([
      'resource:default/gitops-agent-prod',
    ]);
    // a name only one agent uses keeps its plain title
    expect(
      byName(ofType(c.last(), 'kubernetes-cluster'), 'nonprod-nonprod').metadata
        .title,
    ).toBe('nonprod');
  });

  it('marks every entity as managed by the provider', async () => {
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    for (const entity of c.last()) {
      expect(entity.metadata.annotations?.[ANNOTATION_LOCATION]).toBe(
        'gitops-provider:gitops-entity-provider',
      );
      expect(entity.metadata.annotations?.[ANNOTATION_ORIGIN_LOCATION]).toBe(
        'gitops-provider:gitops-entity-provider',
      );
    }
  });

  it('never puts a credential into an entity', async () => {
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const text = JSON.stringify(c.last());
    expect(fleet.secrets.length).toBeGreaterThan(3);
    for (const secret of fleet.secrets) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/token|password|bearer/i);
  });

  it('keeps the clusters of an agent that goes down, marked stale', async () => {
    const provider = createProvider();
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    const before = ofType(c.last(), 'kubernetes-cluster').map(
      e => e.metadata.name,
    );

    fleet.sandbox.stopAgent('prod');
    // the backend learns of the outage from its cut watch stream
    const prodConnected = () =>
      byName(c.last(), 'gitops-agent-prod').metadata.annotations?.[
        'gitops/connection-state'
      ] === 'connected';
    await refreshUntil(provider, () => !prodConnected());
    const after = c.last();
    const clusters = ofType(after, 'kubernetes-cluster');
    expect(clusters.map(e => e.metadata.name).sort()).toEqual(before.sort());
    const stale = byName(clusters, 'prod-prod_eu-1');
    expect(stale.metadata.annotations?.['gitops/stale']).toBe('true');
    expect(
      byName(clusters, 'nonprod-nonprod').metadata.annotations?.[
        'gitops/stale'
      ],
    ).toBeUndefined();
    expect(
      byName(after, 'gitops-agent-prod').metadata.annotations?.[
        'gitops/connection-state'
      ],
    ).not.toBe('connected');

    fleet.sandbox.startAgent('prod');
    // and of its return when its feed reconnects (with backoff)
    await refreshUntil(provider, prodConnected);
    expect(
      byName(c.last(), 'prod-prod_eu-1').metadata.annotations?.['gitops/stale'],
    ).toBeUndefined();
  });

  it('replaces a renamed cluster with a full mutation', async () => {
    let rename = false;
    const renaming: GitOpsApiReader = {
      environments: () => fleet.reader.environments(),
      agents: () => fleet.reader.agents(),
      applications: () => fleet.reader.applications(),
      clusters: async () => {
        const result = await fleet.reader.clusters();
        return {
          ...result,
          items: result.items.map(cluster =>
            rename && cluster.name === 'eu'
              ? { ...cluster, name: 'eu-renamed' }
              : cluster,
          ),
        };
      },
    };
    const provider = createProvider(renaming);
    const c = connection();
    await provider.connect(c.conn);
    await provider.refresh();
    expect(c.last().map(e => e.metadata.name)).toContain('hx-eu');
    rename = true;
    await provider.refresh();
    const names = c.last().map(e => e.metadata.name);
    expect(names).toContain('hx-eu-renamed');
    expect(names).not.toContain('hx-eu');
    expect(c.conn.applyMutation).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'full' }),
    );
  });

  it('applies nothing when the gitops backend cannot be read', async () => {
    const failing: GitOpsApiReader = {
      environments: () => fleet.reader.environments(),
      agents: () => Promise.reject(new Error('gitops backend is down')),
      clusters: () => fleet.reader.clusters(),
      applications: () => fleet.reader.applications(),
    };
    const provider = createProvider(failing);
    const c = connection();
    await provider.connect(c.conn);
    await expect(provider.refresh()).rejects.toThrow('gitops backend is down');
    expect(c.count()).toBe(0);
  });
});

/** Refreshes until the emitted entities satisfy `done` (at most ~15 s). */
async function refreshUntil(
  provider: GitOpsEntityProvider,
  done: () => boolean,
): Promise<void> {
  for (let i = 0; i < 150; i++) {
    await provider.refresh();
    if (done()) return;
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  throw new Error('the provider never emitted the expected state');
}
