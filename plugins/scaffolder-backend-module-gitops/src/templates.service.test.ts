import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { waitFor } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { scaffolderModuleGitops } from './module';
import {
  agentApplicationsOf,
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from './__testUtils__/startGitOpsTestBackend';
import { runTemplate, templateEntity } from './__testUtils__/runTemplate';
import {
  groupEntity,
  ordersEntity,
  serviceScenario,
  serviceValues,
} from './__testUtils__/serviceFixtures';

jest.setTimeout(120_000);

/*
 * The gitops-service template run for real: the scaffolder's task worker
 * and the gitops backend in one test backend, over a sandbox Argo CD agent
 * `hub` that serves dev on cluster nonprod and prod on cluster prod. The
 * repository is not published (no git host here), as in a portal without
 * one: the ApplicationSet is still created on the agent.
 */
const scenario = serviceScenario('scaffolder-gitops-service-template');

const values = (overrides: Record<string, unknown> = {}) =>
  serviceValues({
    repoUrl: 'github.com?owner=acme&repo=orders',
    publish: false,
    ...overrides,
  });

describe('gitops-service, run by the scaffolder', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      entities: [
        gitopsEntity('existing'),
        ordersEntity,
        groupEntity('team-a'),
        groupEntity('team-b'),
        templateEntity('gitops-service'),
      ],
      features: [scaffolderPlugin, scaffolderModuleGitops],
      // a whole template run on a shared machine: no agent call is timed here
      agentTimeoutMs: 30_000,
      config: {
        backend: { baseUrl: 'http://localhost' },
        integrations: {},
      },
    }),
  );

  // the fleet state has read hub (a machine under load may take longer
  // than the agent timeout a cold read waits)
  beforeAll(() =>
    waitFor(
      "the fleet state to hold hub's applications and clusters",
      async () => {
        const res = await gitops
          .api()
          .get('/api/gitops/agents')
          .set('Authorization', gitops.auth);
        return res.body.freshness?.some(
          (f: { agentId: string; syncedAt?: string }) =>
            f.agentId === 'hub' && f.syncedAt,
        )
          ? true
          : undefined;
      },
      60_000,
    ),
  );

  /** The agent's Applications of a service, with project and destination. */
  const agentApplications = async (service: string) =>
    (await agentApplicationsOf(gitops, 'hub', service)).map(app => ({
      name: app.metadata.name,
      project: app.spec.project,
      destination: app.spec.destination,
    }));

  it("the agent picker's list says which environments each agent serves, on which cluster", async () => {
    const res = await gitops
      .api()
      .get('/api/gitops/agents')
      .set('Authorization', gitops.auth);
    expect(res.status).toBe(200);
    // hub's config names no environment: the fleet state knows them
    expect(res.body.items).toEqual([
      expect.objectContaining({
        id: 'hub',
        environments: ['dev', 'prod'],
        serves: [
          {
            environment: 'dev',
            clusters: [
              {
                name: 'nonprod',
                server: 'https://nonprod.example.internal:6443',
              },
            ],
          },
          {
            environment: 'prod',
            clusters: [
              { name: 'prod', server: 'https://prod.example.internal:6443' },
            ],
          },
        ],
      }),
    ]);
  });

  it('creates the ApplicationSet in the owner project, one cluster per environment', async () => {
    const outcome = await runTemplate(gitops.port, 'gitops-service', values());
    expect({ status: outcome.status, error: outcome.error }).toEqual({
      status: 'completed',
      error: undefined,
    });
    // the output card links the repository, the set and its applications
    expect(outcome.output.links).toEqual([
      { title: 'Repository', url: 'https://github.com/acme/orders' },
      { title: 'Open in catalog', icon: 'catalog' },
      { title: 'ApplicationSet orders on agent hub', url: '/gitops?agent=hub' },
      {
        title: 'Applications: orders-dev, orders-prod',
        url: '/gitops?agent=hub&environment=dev&environment=prod',
      },
    ]);
    expect(await agentApplications('orders')).toEqual([
      {
        name: 'orders-dev',
        project: 'shop',
        destination: {
          server: 'https://nonprod.example.internal:6443',
          namespace: 'orders-dev',
        },
      },
      {
        name: 'orders-prod',
        project: 'shop',
        destination: {
          server: 'https://prod.example.internal:6443',
          namespace: 'orders-prod',
        },
      },
    ]);
  });

  it('fails with a clear error, creating nothing, for an owner that owns no project', async () => {
    const outcome = await runTemplate(
      gitops.port,
      'gitops-service',
      // a new repository of its own: nobody deploys from it yet
      values({
        name: 'stray',
        owner: 'group:default/team-b',
        repoUrl: 'github.com?owner=acme&repo=stray',
      }),
    );
    expect({ status: outcome.status, error: outcome.error }).toEqual({
      status: 'failed',
      error: expect.stringContaining(
        'group:default/team-b owns no project on agent hub: map an Argo CD project to it in gitops.projects',
      ),
    });
    expect(await agentApplications('stray')).toEqual([]);
  });

  it('fails at its first step, creating nothing, in a repository another team deploys from', async () => {
    // team-b's new service in team-a's existing-deploy (project shop)
    const outcome = await runTemplate(
      gitops.port,
      'gitops-service',
      values({
        name: 'intruder',
        owner: 'group:default/team-b',
        repoUrl: 'github.com?owner=acme&repo=existing-deploy',
      }),
    );
    expect({ status: outcome.status, error: outcome.error }).toEqual({
      status: 'failed',
      error: expect.stringMatching(
        /^gitops:authorize: not allowed to write github\.com\?owner=acme&repo=existing-deploy for group:default\/team-b \(owners: group:default\/team-b\): application existing-dev on agent hub, .*project shop belongs to group:default\/team-a/,
      ),
    });
    // no later step ran: the targets step did not even ask for team-b's project
    expect(outcome.log.join('\n')).not.toContain('owns no project');
    expect(await agentApplications('intruder')).toEqual([]);
  });

  it('names each environment the agent serves on no cluster', async () => {
    const outcome = await runTemplate(
      gitops.port,
      'gitops-service',
      values({
        name: 'stray',
        environments: ['dev', 'qa'],
        repoUrl: 'github.com?owner=acme&repo=stray',
      }),
    );
    expect(outcome.error).toContain(
      'Agent hub serves qa on no cluster (it serves dev on nonprod; prod on prod)',
    );
    expect(await agentApplications('stray')).toEqual([]);
  });

  it('lets the owners re-run it to update the set', async () => {
    // the set of the first test runs dev and prod; the re-run keeps dev only
    const outcome = await runTemplate(
      gitops.port,
      'gitops-service',
      values({ environments: ['dev'], update: true }),
    );
    expect({ status: outcome.status, error: outcome.error }).toEqual({
      status: 'completed',
      error: undefined,
    });
    const res = await gitops.agentFetch(
      'hub',
      '/api/v1/applicationsets/orders',
    );
    expect(res.status).toBe(200);
    expect((await res.json()).spec.generators[0].list.elements).toEqual([
      {
        environment: 'dev',
        cluster: 'https://nonprod.example.internal:6443',
        namespace: 'orders-dev',
      },
    ]);
  });

  it('refuses a re-run by someone who may not change the set, with a clear error', async () => {
    // the set is checked against the entity that claims it, whatever
    // owner the form names (applicationSetAccess.ts)
    gitops.denied.add('gitops.applicationset.create component:default/orders');
    try {
      const outcome = await runTemplate(
        gitops.port,
        'gitops-service',
        values({ environments: ['dev', 'prod'], update: true }),
      );
      expect({ status: outcome.status, error: outcome.error }).toEqual({
        status: 'failed',
        error: expect.stringContaining(
          'Not allowed: gitops.applicationset.create on component:default/orders',
        ),
      });
    } finally {
      gitops.denied.clear();
    }
    expect((await agentApplications('orders')).map(app => app.name)).toEqual([
      'orders-dev',
    ]);
  });
});
