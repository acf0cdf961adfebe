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
 * The promote-release template, run as a scaffolder task (not a dry run)
 * beside the real gitops backend, against the sandbox's git host
 * configured as a GitHub Enterprise integration: it completes for the
 * owner of payments in payments' repository, and its output links the pull
 * request, a page the git host serves. Run for payments against team-b's
 * checkout repository (the probe's finding 2), it fails at its first step
 * and the host is as it was: no branch, no pull request.
 */
const scenario = shopScenario('promote-release-git-host', {
  environments: [
    {
      name: 'dev',
      cluster: 'in-cluster',
      namespace: '{service}-dev',
      syncPolicy: 'automated-prune',
    },
    {
      name: 'prod',
      cluster: 'in-cluster',
      namespace: '{service}-prod',
      syncPolicy: 'manual',
    },
  ],
  services: [
    shopService('payments', {
      image: 'ghcr.io/acme/payments',
      version: '2.4',
      commits: 8,
      overrides: { prod: { revisionsBehind: 2 } },
      agents: ['hub'],
    }),
    shopService('checkout', { project: 'checkout', agents: ['hub'] }),
  ],
  agents: [
    shopArgoCdAgent('hub', {
      environments: ['dev', 'prod'],
      clusters: ['in-cluster'],
    }),
  ],
});

describe('promote-release on the sandbox git host', () => {
  const { gitops, gitHost, repoUrl, hostApi } = useGitHostTemplateBackend({
    scenario,
    entities: [gitopsEntity('payments'), templateEntity('promote-release')],
    gitops: {
      projects: [
        { name: 'shop', owners: ['group:default/team-a'] },
        { name: 'checkout', owners: ['group:default/team-b'] },
      ],
    },
  });
  const values = (repo: string) => ({
    entity: 'component:default/payments',
    repoUrl: repoUrl(repo),
    branch: 'main',
    environment: 'prod',
    tag: '2.4.7',
  });

  /** A repository's branches and pull requests, as the host has them. */
  const hostState = async (repo: string) => {
    const get = async (route: string) => {
      const res = await hostApi(`/repos/acme/${repo}${route}`);
      expect(res.status).toBe(200);
      return res.json();
    };
    return {
      refs: await get('/git/matching-refs/heads'),
      pulls: await get('/pulls?state=all'),
    };
  };

  it('completes with a link to the pull request it opened', async () => {
    const outcome = await runTemplate(
      gitops.port,
      'gitops-promote-release',
      values('payments-deploy'),
    );
    expect({
      status: outcome.status,
      log: outcome.status === 'completed' ? '' : outcome.log.join('\n'),
    }).toEqual({ status: 'completed', log: '' });

    const link = outcome.output.links!.find(l => l.title === 'Pull request')!;
    expect(link.url).toBe(`${gitHost().baseUrl}/acme/payments-deploy/pull/1`);
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Promote payments 2.4.7 to prod');
    expect(html).toContain('+    newTag: 2.4.7');
  });

  it("fails at its first step in another team's repository, and the host is as it was", async () => {
    const before = await hostState('checkout-deploy');
    expect(before.pulls).toEqual([]);
    const outcome = await runTemplate(
      gitops.port,
      'gitops-promote-release',
      values('checkout-deploy'),
    );
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(
      /^gitops:authorize: not allowed to write .*acme&repo=checkout-deploy for component:default\/payments \(owners: group:default\/team-a\): application checkout-dev on agent hub, .*project checkout belongs to group:default\/team-b/,
    );
    expect(await hostState('checkout-deploy')).toEqual(before);
  });
});
