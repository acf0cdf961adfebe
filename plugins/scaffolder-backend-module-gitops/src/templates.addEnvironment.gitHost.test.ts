import { parse } from 'yaml';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import {
  shopArgoCdAgent,
  shopScenario,
  shopService,
} from '@gitops-suite/plugin-gitops-backend/testUtils';
import { gitopsEntity } from './__testUtils__/startGitOpsTestBackend';
import { useGitHostTemplateBackend } from './__testUtils__/gitHostTemplateBackend';
import { runTemplate, templateEntity } from './__testUtils__/runTemplate';

jest.setTimeout(180_000);

/*
 * The add-environment template run to the end as a scaffolder task against
 * the sandbox's git host, configured as npm start configures it (a GitHub
 * Enterprise integration over http): it checks out the service's
 * repository, adds the overlay, re-renders the ApplicationSet from the
 * host's clone URL and opens a pull request, which its output links, a
 * page the host serves. With no environment chosen it stops before
 * anything is written, saying so.
 */
const scenario = shopScenario('add-environment-git-host', {
  environments: [
    { name: 'dev', cluster: 'in-cluster', namespace: '{service}-dev' },
    { name: 'prod', cluster: 'in-cluster', namespace: '{service}-prod' },
  ],
  services: [shopService('payments', { agents: ['hub'] })],
  agents: [
    shopArgoCdAgent('hub', {
      environments: ['dev', 'prod'],
      clusters: ['in-cluster'],
    }),
  ],
});

describe('add-environment on the sandbox git host', () => {
  const { gitops, gitHost, repoUrl, hostApi } = useGitHostTemplateBackend({
    scenario,
    entities: [gitopsEntity('payments'), templateEntity('add-environment')],
  });
  /** The form as its defaults and a member of team-a fill it. */
  const values = (overrides: Record<string, unknown> = {}) => ({
    environment: 'staging',
    entity: 'component:default/payments',
    environments: ['dev', 'prod', 'staging'],
    removeEnvironments: false,
    repoUrl: repoUrl('payments-deploy'),
    branch: 'main',
    image: 'ghcr.io/acme/payments',
    cluster: 'https://kubernetes.default.svc',
    tag: 'latest',
    replicas: 1,
    harnessLabels: false,
    ...overrides,
  });
  const branches = async () => {
    const res = await hostApi(
      '/repos/acme/payments-deploy/git/matching-refs/heads',
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as Array<{ ref: string }>).map(r => r.ref);
  };

  it('opens the pull request on the host, which its output links', async () => {
    const outcome = await runTemplate(
      gitops.port,
      'gitops-add-environment',
      values(),
    );
    expect({
      status: outcome.status,
      log: outcome.status === 'completed' ? '' : outcome.log.join('\n'),
    }).toEqual({ status: 'completed', log: '' });

    expect(outcome.output.links).toEqual([
      {
        title: 'Pull request',
        url: `${gitHost().baseUrl}/acme/payments-deploy/pull/1`,
      },
      {
        title: 'Service',
        icon: 'catalog',
        entityRef: 'component:default/payments',
      },
    ]);
    const page = await fetch(outcome.output.links![0].url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Add the staging environment');
    expect(html).toContain('deploy/overlays/staging/kustomization.yaml');

    // the re-rendered set deploys from the host's clone URL, over its scheme
    const set = await fetch(
      `${
        gitHost().baseUrl
      }/acme/payments-deploy/raw/add-environment-staging/deploy/applicationset.yaml`,
    );
    expect(set.status).toBe(200);
    const manifest = parse(await set.text());
    expect(manifest.spec.template.spec.source.repoURL).toBe(
      `${gitHost().baseUrl}/acme/payments-deploy.git`,
    );
    expect(
      manifest.spec.generators[0].list.elements.map(
        (e: { environment: string }) => e.environment,
      ),
    ).toEqual(['dev', 'prod', 'staging']);
  });

  it('with no environment chosen, says so and writes nothing', async () => {
    const before = await branches();
    const outcome = await runTemplate(
      gitops.port,
      'gitops-add-environment',
      values({ environment: 'qa', environments: [] }),
    );
    expect(outcome.status).toBe('failed');
    // (the form's picker says "Pick at least one environment." first)
    expect(outcome.error).toMatch(
      /gitops:applicationset:render, instance\.environments does not meet minimum length of 1/,
    );
    expect(await branches()).toEqual(before);
  });
});
