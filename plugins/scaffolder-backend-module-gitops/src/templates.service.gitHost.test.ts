import { createServiceFactory } from '@backstage/backend-plugin-api';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import scaffolderGithubModule from '@backstage/plugin-scaffolder-backend-module-github';
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

jest.setTimeout(180_000);

/*
 * The gitops-service template run for real against the sandbox's git host,
 * configured as a GitHub Enterprise integration served over http (as
 * `npm start` does): publish:github creates the repository on the host and
 * pushes to it, the ApplicationSet points at the host's clone URL, and the
 * agent deploys its applications from the host's commits.
 */
const scenario = serviceScenario('scaffolder-gitops-service-git-host');

/**
 * The in-memory catalog, which registers no location: catalog:register's
 * call is recorded, and answers with the component the repository holds.
 */
const catalog = catalogServiceMock({
  entities: [
    gitopsEntity('existing'),
    ordersEntity,
    groupEntity('team-a'),
    templateEntity('gitops-service'),
  ],
});
const registered: string[] = [];
catalog.addLocation = async location => {
  registered.push(location.target);
  return {
    location: {
      id: 'orders',
      type: location.type ?? 'url',
      target: location.target,
      entityRef: 'location:default/orders',
    },
    entities: [ordersEntity],
    exists: false,
  };
};

describe('gitops-service on the sandbox git host', () => {
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      gitHost: true,
      features: [
        createServiceFactory({
          service: catalogServiceRef,
          deps: {},
          factory: () => catalog,
        }),
        scaffolderPlugin,
        scaffolderGithubModule,
        scaffolderModuleGitops,
      ],
      agentTimeoutMs: 30_000,
      config: { backend: { baseUrl: 'http://localhost' } },
    }),
  );

  const gitHost = () => gitops.sandbox.gitHost!;
  const values = (overrides: Record<string, unknown> = {}) =>
    serviceValues({
      repoUrl: `${gitHost().host}?owner=acme&repo=orders`,
      ...overrides,
    });

  /** The head of the host repository's main branch. */
  const hostHead = async (): Promise<string> => {
    const res = await fetch(
      `${gitHost().apiBaseUrl}/repos/acme/orders/branches/main`,
      { headers: { Authorization: `token ${gitHost().token}` } },
    );
    expect(res.status).toBe(200);
    return (await res.json()).commit.sha;
  };

  /** The agent's applications of orders once they deploy the given revision. */
  const deployed = (environments: string[], revision: string) =>
    waitFor(
      `orders' applications ${environments.join(', ')} at ${revision}`,
      async () => {
        const apps = (await agentApplicationsOf(gitops, 'hub', 'orders')).map(
          app => ({
            name: app.metadata.name as string,
            repoURL: app.spec.source.repoURL,
            revision: app.status?.sync?.revision,
          }),
        );
        const settled =
          apps.length === environments.length &&
          apps.every(app => app.revision === revision);
        return settled ? apps : undefined;
      },
      60_000,
    );

  it('publishes the repository to the host and deploys from its commits', async () => {
    const outcome = await runTemplate(gitops.port, 'gitops-service', values());
    expect({ status: outcome.status, error: outcome.error }).toEqual({
      status: 'completed',
      error: undefined,
    });
    const cloneUrl = `${gitHost().baseUrl}/acme/orders.git`;
    // the output card links the repository over the host's scheme, a page it serves
    const repository = outcome.output.links?.find(l => l.title === 'Repository');
    expect(repository?.url).toBe(`${gitHost().baseUrl}/acme/orders`);
    expect((await fetch(repository!.url)).status).toBe(200);
    // (catalog:register adds the location, then reads its entities)
    expect([...new Set(registered)]).toEqual([
      `${gitHost().baseUrl}/acme/orders/tree/main/catalog-info.yaml`,
    ]);
    const set = await gitops.agentFetch(
      'hub',
      '/api/v1/applicationsets/orders',
    );
    expect(set.status).toBe(200);
    expect((await set.json()).spec.template.spec.source.repoURL).toBe(cloneUrl);

    const head = await hostHead();
    expect(await deployed(['dev', 'prod'], head)).toEqual([
      { name: 'orders-dev', repoURL: cloneUrl, revision: head },
      { name: 'orders-prod', repoURL: cloneUrl, revision: head },
    ]);
  });

  it('re-runs with update against the existing repository', async () => {
    const head = await hostHead();
    const outcome = await runTemplate(
      gitops.port,
      'gitops-service',
      values({ environments: ['dev'], update: true }),
    );
    expect({ status: outcome.status, error: outcome.error }).toEqual({
      status: 'completed',
      error: undefined,
    });
    // the repository is left as it is; the set now deploys dev only
    expect(await hostHead()).toBe(head);
    expect(await deployed(['dev'], head)).toEqual([
      {
        name: 'orders-dev',
        repoURL: `${gitHost().baseUrl}/acme/orders.git`,
        revision: head,
      },
    ]);
  });
});
