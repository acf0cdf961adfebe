import { createServiceFactory } from '@backstage/backend-plugin-api';
import { parseEntityRef } from '@backstage/catalog-model';
import { ConfigReader } from '@backstage/config';
import { ScmIntegrations } from '@backstage/integration';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { waitFor } from '@gitops-suite/plugin-gitops-backend/testUtils';
import {
  agentApplicationsOf,
  gitopsEntity,
} from './__testUtils__/startGitOpsTestBackend';
import { useGitHostTemplateBackend } from './__testUtils__/gitHostTemplateBackend';
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
  const { gitops, gitHost, repoUrl, hostApi } = useGitHostTemplateBackend({
    scenario,
    features: [
      createServiceFactory({
        service: catalogServiceRef,
        deps: {},
        factory: () => catalog,
      }),
    ],
  });
  const values = (overrides: Record<string, unknown> = {}) =>
    serviceValues({
      repoUrl: repoUrl('orders'),
      ...overrides,
    });

  /** The head of the host repository's main branch. */
  const hostHead = async (): Promise<string> => {
    const res = await hostApi('/repos/acme/orders/branches/main');
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
    const repository = outcome.output.links?.find(
      l => l.title === 'Repository',
    );
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
    const apps = await deployed(['dev', 'prod'], head);
    expect(apps).toEqual([
      { name: 'orders-dev', repoURL: cloneUrl, revision: head },
      { name: 'orders-prod', repoURL: cloneUrl, revision: head },
    ]);

    // every link of the output card leads somewhere: an address on the git
    // host answers 200, and Applications opens the GitOps tab of the entity
    // the task registered (the fleet page lists only what needs attention)
    const links = outcome.output.links ?? [];
    const addresses = links.filter(l => /^https?:\/\//.test(l.url ?? ''));
    expect(addresses.length).toBeGreaterThan(0);
    for (const { url } of addresses) {
      expect({ url, status: (await fetch(url)).status }).toEqual({
        url,
        status: 200,
      });
    }
    const entityRef = links.find(l => l.title === 'Open in catalog')?.entityRef;
    expect(entityRef).toBe('component:default/orders');
    const { kind, namespace, name } = parseEntityRef(entityRef!);
    expect(
      links.find(l => l.title === 'Applications: orders-dev, orders-prod'),
    ).toEqual({
      title: 'Applications: orders-dev, orders-prod',
      url: `/catalog/${namespace}/${kind.toLocaleLowerCase(
        'en-US',
      )}/${name}/gitops`,
    });

    // the registered entity's links as the catalog derives them from its
    // location (view, edit, source location: "View source" and the
    // catalog-info.yaml links), and its applications' commits as the
    // portal links them, each a page of the git host
    const integrations = ScmIntegrations.fromConfig(
      new ConfigReader({
        integrations: {
          github: [{ host: gitHost().host, apiBaseUrl: gitHost().apiBaseUrl }],
        },
      }),
    );
    const [location] = registered;
    const entityLinks = [
      location,
      integrations.resolveEditUrl(location),
      integrations.resolveUrl({ url: './', base: location }),
      ...apps.map(
        app => `${app.repoURL.replace(/\.git$/, '')}/commit/${app.revision}`,
      ),
    ];
    expect(new Set(entityLinks).size).toBe(4);
    for (const url of entityLinks) {
      expect({ url, status: (await fetch(url)).status }).toEqual({
        url,
        status: 200,
      });
    }
    expect(await (await fetch(location)).text()).toContain(
      'gitops/service: orders',
    );
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
    // the service registered by the first run: its GitOps tab
    expect(
      outcome.output.links?.find(l => l.title.startsWith('Applications')),
    ).toEqual({
      title: 'Applications: orders-dev',
      url: '/catalog/default/component/orders/gitops',
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
