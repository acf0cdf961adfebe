import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';
import { waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { routerAgents } from '../testUtils/routerFleet';

jest.setTimeout(60_000);

/*
 * Applications the source hydrator renders, through the router, from an
 * Argo CD agent (watched) and a Harness agent (polled): their dry and
 * hydrated commits, a failed hydration's message, their notices, and a
 * hydration that happens while the backend runs.
 */
const NOTICE = {
  'notice.argocd.argoproj.io/content': 'Pricing rules are frozen',
  'notice.argocd.argoproj.io/severity': 'warning',
  'notice.argocd.argoproj.io/url': 'https://wiki.acme.example/freeze',
  'notice.argocd.argoproj.io/permanent': 'true',
};

const scenario = shopFleet('gitops-backend-source-hydrator-test', {
  services: {
    pricing: {
      agents: ['nonprod', 'prod'],
      sourceHydrator: { hydrateTo: 'environments/{env}-next' },
      annotations: NOTICE,
      overrides: { prod: { hydration: 'Failed' } },
    },
    kyc: {
      agents: ['hx'],
      sourceHydrator: {},
      overrides: { prod: { hydration: 'Failed' } },
    },
  },
  agents: routerAgents(),
});

describe('applications the source hydrator renders (router over real sandbox agents)', () => {
  const env = useShopFleet(scenario);

  const applications = async (service: string) => {
    const res = await env
      .api()
      .get(`/api/gitops/entity/default/component/${service}/applications`)
      .set('Authorization', env.auth);
    expect(res.status).toBe(200);
    return res.body.environments.flatMap(
      (group: { applications: GitOpsApplication[] }) => group.applications,
    ) as GitOpsApplication[];
  };
  const named = (apps: GitOpsApplication[], name: string) =>
    apps.find(app => app.name === name)!;

  it.each([
    ['an Argo CD agent', 'pricing'],
    ['a Harness agent', 'kyc'],
  ])(
    'serves the dry and hydrated commits and a failed hydration from %s',
    async (_agent, service) => {
      const apps = await applications(service);
      const dev = named(apps, `${service}-dev`);
      expect(dev.sourceHydrator).toMatchObject({
        drySource: {
          repoURL: `https://github.com/acme/${service}-deploy.git`,
          targetRevision: 'main',
          path: `apps/${service}`,
        },
        syncSource: { targetBranch: 'environments/dev', path: service },
        currentOperation: { phase: 'Hydrated' },
      });
      const last = dev.sourceHydrator!.lastSuccessfulOperation!;
      expect(last.hydratedSHA).toBe(dev.sync.revision);
      expect(last.drySHA).toMatch(/^[0-9a-f]{40}$/);
      const prod = named(apps, `${service}-prod`);
      expect(prod.sourceHydrator!.currentOperation).toMatchObject({
        phase: 'Failed',
        message: expect.stringContaining('replicas: invalid value "three"'),
      });
    },
  );

  it('serves the notice of its annotations', async () => {
    const apps = await applications('pricing');
    expect(named(apps, 'pricing-dev').notice).toEqual({
      content: 'Pricing rules are frozen',
      severity: 'warning',
      url: 'https://wiki.acme.example/freeze',
      permanent: true,
      scope: 'both',
    });
    expect(named(await applications('kyc'), 'kyc-dev').notice).toBeUndefined();
  });

  it('lists a failed hydration among the applications that need attention', async () => {
    const res = await env
      .api()
      .get('/api/gitops/fleet/applications?attention=true')
      .set('Authorization', env.auth);
    expect(res.status).toBe(200);
    const names = res.body.items.map((a: GitOpsApplication) => a.name);
    expect(names).toEqual(expect.arrayContaining(['pricing-prod', 'kyc-prod']));
    expect(names).not.toContain('pricing-dev');
  });

  it('follows a hydration as it happens, from the agent’s watch', async () => {
    const before = named(await applications('pricing'), 'pricing-dev');
    const moved = await env.agentFetch('nonprod', '/_sandbox/dry-commit', {
      method: 'POST',
      body: JSON.stringify({
        application: 'pricing-dev',
        values: { replicas: 'many' },
      }),
    });
    expect(moved.status).toBe(200);
    const { drySHA } = await moved.json();
    const failed = await waitFor('the failed hydration', async () => {
      const app = named(await applications('pricing'), 'pricing-dev');
      return app.sourceHydrator?.currentOperation?.drySHA === drySHA
        ? app
        : undefined;
    });
    expect(failed.sourceHydrator!.currentOperation).toMatchObject({
      phase: 'Failed',
      message: expect.stringContaining('replicas: invalid value "many"'),
    });
    expect(failed.sourceHydrator!.lastSuccessfulOperation).toEqual(
      before.sourceHydrator!.lastSuccessfulOperation,
    );
  });
});
