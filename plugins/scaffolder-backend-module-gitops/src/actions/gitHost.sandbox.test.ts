import fs from 'fs';
import os from 'os';
import path from 'path';
import { ConfigReader } from '@backstage/config';
import { mockServices } from '@backstage/backend-test-utils';
import { UrlReaders } from '@backstage/backend-defaults/urlReader';
import { DefaultGithubCredentialsProvider, ScmIntegrations } from '@backstage/integration';
import { createFetchPlainAction } from '@backstage/plugin-scaffolder-backend';
import {
  createPublishGithubAction,
  createPublishGithubPullRequestAction,
} from '@backstage/plugin-scaffolder-backend-module-github';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import { createPromoteAction } from './promote';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from '../__testUtils__/startGitOpsTestBackend';

jest.setTimeout(120_000);

/*
 * Backstage's own actions, unchanged, against the sandbox's git host set up
 * the way a GitHub Enterprise integration is (host and apiBaseUrl on a
 * loopback port, a token): fetch:plain through the GitHub URL reader,
 * gitops:promote (its change decided by the real gitops backend, which
 * reads the same sandbox's agent), publish:github:pull-request, then a
 * merge the agent deploys; and publish:github (create + git push) of a new
 * repository.
 */
const scenario = {
  seed: 'git-host-actions-test',
  environments: [
    { name: 'dev', cluster: 'nonprod', namespace: '{service}-dev', syncPolicy: 'automated-prune' },
    { name: 'prod', cluster: 'prod', namespace: '{service}-prod', syncPolicy: 'manual' },
  ],
  projects: [{ name: 'shop' }],
  services: [
    {
      name: 'shop',
      repo: 'https://github.com/acme/shop-deploy.git',
      project: 'shop',
      image: 'ghcr.io/acme/shop',
      version: '3.1',
      commits: 4,
      overrides: { prod: { revisionsBehind: 2 } },
    },
  ],
  agents: [
    {
      id: 'argo',
      kind: 'argocd',
      token: 'argo-token-123',
      syncDurationMs: 40,
      clusters: [
        { name: 'nonprod', server: 'https://nonprod.example.internal:6443' },
        { name: 'prod', server: 'https://prod.example.internal:6443' },
      ],
    },
  ],
};

describe('the sandbox git host with Backstage’s GitHub actions', () => {
  // the gitops backend over the sandbox (project shop is team-a's, the
  // owner of component shop), with the sandbox's git host
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario,
      gitHost: true,
      entities: [gitopsEntity('shop')],
    }),
  );
  let workspacePath: string;
  let integrations: ScmIntegrations;
  let config: ConfigReader;

  const app = async (name: string) => {
    const res = await gitops.agentFetch('argo', `/api/v1/applications/${name}`);
    return res.json();
  };
  /** Waits for an application state (the agent reconciles on its own clock). */
  const waitForApp = async (name: string, ready: (a: any) => boolean) => {
    for (;;) {
      const a = await app(name);
      if (ready(a)) return a;
      await new Promise(r => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    const gitHost = gitops.sandbox.gitHost!;
    config = new ConfigReader({
      integrations: {
        github: [{ host: gitHost.host, apiBaseUrl: gitHost.apiBaseUrl, token: gitHost.token }],
      },
    });
    integrations = ScmIntegrations.fromConfig(config);
    workspacePath = fs.mkdtempSync(path.join(os.tmpdir(), 'git-host-actions-'));
  });
  afterAll(() => {
    fs.rmSync(workspacePath, { recursive: true, force: true });
  });

  it('promotes through a pull request the host serves, and the merge deploys', async () => {
    const sandbox = gitops.sandbox;
    const { host, baseUrl } = sandbox.gitHost!;
    const repoUrl = `${host}?owner=acme&repo=shop-deploy`;
    expect(sandbox.scenario.services[0].repo).toBe(`${baseUrl}/acme/shop-deploy.git`);
    const prodBefore = await app('shop-prod');
    expect(prodBefore.status.summary.images).toEqual(['ghcr.io/acme/shop:3.1.1']);
    expect((await app('shop-dev')).status.summary.images).toEqual(['ghcr.io/acme/shop:3.1.3']);

    const reader = UrlReaders.default({ config, logger: mockServices.logger.mock() });
    await createFetchPlainAction({ reader, integrations }).handler(
      createMockActionContext({
        input: { url: `https://${host}/acme/shop-deploy/tree/main`, targetPath: './repo' },
        workspacePath,
      }) as any,
    );
    const overlay = path.join(workspacePath, 'repo/deploy/overlays/prod/kustomization.yaml');
    expect(fs.readFileSync(overlay, 'utf8')).toContain('newTag: 3.1.1');

    const promote = createMockActionContext({
      input: { entityRef: 'component:default/shop', repoUrl, repoPath: 'repo', environment: 'prod', tag: '3.1.3' } as any,
      workspacePath,
    });
    await createPromoteAction({ permissions: gitops.permissions, client: gitops.client }).handler(promote);
    expect(promote.output).toHaveBeenCalledWith('previousTag', '3.1.1');

    const githubCredentialsProvider = DefaultGithubCredentialsProvider.fromIntegrations(integrations);
    const pr = createMockActionContext({
      input: {
        repoUrl,
        branchName: 'promote-prod-3.1.3',
        targetBranchName: 'main',
        sourcePath: './repo',
        title: 'Promote shop 3.1.3 to prod',
        description: 'Changes the image tag of prod',
      } as any,
      workspacePath,
    });
    await createPublishGithubPullRequestAction({ integrations, githubCredentialsProvider, config }).handler(pr);
    expect(pr.output).toHaveBeenCalledWith('remoteUrl', `${baseUrl}/acme/shop-deploy/pull/1`);
    expect(pr.output).toHaveBeenCalledWith('pullRequestNumber', 1);

    const page = await fetch(`${baseUrl}/acme/shop-deploy/pull/1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Promote shop 3.1.3 to prod');
    expect(html).toContain('-    newTag: 3.1.1');
    expect(html).toContain('+    newTag: 3.1.3');

    const merge = sandbox.mergePullRequest(`${baseUrl}/acme/shop-deploy.git`, 1);
    // dev syncs itself to the merge commit; prod (manual) sees it OutOfSync
    const dev = await waitForApp('shop-dev', a => a.status.sync.revision === merge && a.status.operationState?.phase === 'Succeeded');
    expect(dev.status.summary.images).toEqual(['ghcr.io/acme/shop:3.1.3']);
    const prod = await waitForApp('shop-prod', a => a.status.sync.status === 'OutOfSync');
    expect(prod.status.sync.revision).toBe(merge);

    await gitops.agentFetch('argo', '/api/v1/applications/shop-prod/sync', {
      method: 'POST',
      body: JSON.stringify({}),
    });
    const synced = await waitForApp('shop-prod', a => a.status.sync.status === 'Synced' && a.status.operationState?.phase === 'Succeeded');
    expect(synced.status.summary.images).toEqual(['ghcr.io/acme/shop:3.1.3']);
    expect(synced.status.sync.revision).toBe(merge);
  });

  it('publishes a new repository with publish:github (create, then git push)', async () => {
    const { host, apiBaseUrl, token } = gitops.sandbox.gitHost!;
    const skeleton = path.join(workspacePath, 'skeleton');
    fs.mkdirSync(path.join(skeleton, 'deploy'), { recursive: true });
    fs.writeFileSync(path.join(skeleton, 'deploy/app.yaml'), 'kind: ConfigMap\n');
    const githubCredentialsProvider = DefaultGithubCredentialsProvider.fromIntegrations(integrations);
    const ctx = createMockActionContext({
      input: { repoUrl: `${host}?owner=acme&repo=orders-deploy`, description: 'orders', sourcePath: './skeleton', defaultBranch: 'main' } as any,
      workspacePath,
    });
    await createPublishGithubAction({ integrations, config, githubCredentialsProvider }).handler(ctx);
    expect(ctx.output).toHaveBeenCalledWith('remoteUrl', `${gitops.sandbox.gitHost!.baseUrl}/acme/orders-deploy.git`);
    const file = await fetch(`${apiBaseUrl}/repos/acme/orders-deploy/contents/deploy/app.yaml`, {
      headers: { authorization: `token ${token}`, accept: 'application/vnd.github.raw' },
    });
    expect(await file.text()).toBe('kind: ConfigMap\n');
  });
});
