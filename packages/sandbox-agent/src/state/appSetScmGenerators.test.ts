import { GitCatalog } from '../git/GitCatalog';
import { pullRequestParams, scmProviderParams } from './appSetScmGenerators';

/*
 * Params as Argo CD's scm_provider.go and pull_request.go build them, over
 * the repositories and pull requests of the simulated git host.
 * scm_provider.ListRepos keeps a repository when any filter matches it
 * (the conditions of one filter all hold).
 */
function host() {
  const git = new GitCatalog('scm-test', Date.parse('2026-05-04T09:00:00Z'));
  const web = git.repository('https://github.com/acme/checkout-web.git');
  web.labels.push('gitops-app', 'frontend');
  web.directories.add('deploy/k8s');
  web.pullRequests.push({
    number: 42,
    title: 'Preview: new basket',
    branch: 'feature/New_Basket',
    targetBranch: 'main',
    headSha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
    author: 'dana',
    labels: ['preview'],
  });
  const cart = git.repository('https://github.com/acme/cart.git');
  cart.labels.push('backend');
  git.repository('https://github.com/other/thing.git').labels.push('gitops-app');
  return git;
}

describe('scmProvider', () => {
  it('lists the organization repositories a filter keeps, with Argo CD params', () => {
    const git = host();
    const params = scmProviderParams(
      { github: { organization: 'acme' }, filters: [{ labelMatch: '^gitops-app$', pathsExist: ['deploy/k8s'] }] },
      git,
    );
    const web = git.repository('https://github.com/acme/checkout-web.git');
    expect(params).toEqual([
      {
        organization: 'acme',
        repository: 'checkout-web',
        repository_id: expect.any(Number),
        url: 'git@github.com:acme/checkout-web.git',
        branch: 'main',
        branchNormalized: 'main',
        sha: web.head.sha,
        short_sha: web.head.sha.slice(0, 8),
        short_sha_7: web.head.sha.slice(0, 7),
        labels: 'gitops-app,frontend',
      },
    ]);
  });

  it('keeps a repository any filter matches and clones over https when asked', () => {
    const params = scmProviderParams(
      { github: { organization: 'acme' }, cloneProtocol: 'https', filters: [{ repositoryMatch: '^cart$' }, { pathsDoNotExist: ['deploy/k8s'] }] },
      host(),
    );
    expect(params.map(p => [p.repository, p.url])).toEqual([['cart', 'https://github.com/acme/cart.git']]);
  });

  it('filters in two phases: repository-type filters, then branch-type filters with all their conditions', () => {
    const params = scmProviderParams(
      {
        github: { organization: 'acme', allBranches: true },
        filters: [{ labelMatch: 'gitops-app' }, { repositoryMatch: '^checkout-web$', branchMatch: '^feature/' }],
      },
      host(),
    );
    // labelMatch keeps checkout-web; of its branches only the PR branch matches the branch-type filter.
    expect(params.map(p => [p.repository, p.branch, p.branchNormalized, p.sha])).toEqual([
      ['checkout-web', 'feature/New_Basket', 'feature-new-basket', 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'],
    ]);
    // cart lacks the label (repository phase); checkout-web then fails the branch-type filter,
    // whose repositoryMatch is checked with its branch conditions.
    expect(
      scmProviderParams({ github: { organization: 'acme' }, filters: [{ labelMatch: 'gitops-app' }, { repositoryMatch: '^cart$', pathsDoNotExist: ['x'] }] }, host()),
    ).toEqual([]);
  });

  it('refuses a generator without a provider', () => {
    expect(() => scmProviderParams({ filters: [] }, host())).toThrow('no SCM provider implementation configured');
  });
});

describe('pullRequest', () => {
  it('gives number, slugged branches, short shas, and labels with Go templates', () => {
    const [params] = pullRequestParams({ github: { owner: 'acme', repo: 'checkout-web', labels: ['preview'] } }, host(), true);
    expect(params).toEqual({
      number: '42',
      title: 'Preview: new basket',
      branch: 'feature/New_Basket',
      branch_slug: 'feature-new-basket',
      target_branch: 'main',
      target_branch_slug: 'main',
      head_sha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
      head_short_sha: 'a1b2c3d4',
      head_short_sha_7: 'a1b2c3d',
      author: 'dana',
      labels: ['preview'],
    });
  });

  it('filters by labels and branch, and fails on a repository the host does not have', () => {
    expect(pullRequestParams({ github: { owner: 'acme', repo: 'checkout-web', labels: ['stale'] } }, host(), false)).toEqual([]);
    expect(pullRequestParams({ github: { owner: 'acme', repo: 'checkout-web' }, filters: [{ branchMatch: '^fix/' }] }, host(), false)).toEqual([]);
    expect(() => pullRequestParams({ github: { owner: 'acme', repo: 'gone' } }, host(), false)).toThrow(/not found/);
    expect(pullRequestParams({ github: { owner: 'acme', repo: 'gone' }, continueOnRepoNotFoundError: true }, host(), false)).toEqual([]);
  });
});

describe('pullRequest on a git host with a port (GitHub Enterprise on a loopback port)', () => {
  it('finds the repository by owner and name', () => {
    const git = new GitCatalog('scm-test', Date.parse('2026-05-04T09:00:00Z'));
    git.repository('http://localhost:7101/acme/checkout-web-deploy.git').pullRequests.push({
      number: 7,
      title: 'Preview',
      branch: 'feature/x',
      targetBranch: 'main',
      headSha: 'b'.repeat(40),
      author: 'dana',
      labels: ['preview'],
    });
    const params = pullRequestParams({ github: { owner: 'acme', repo: 'checkout-web-deploy', labels: ['preview'] } }, git, false);
    expect(params.map(p => p.number)).toEqual(['7']);
  });
});
