import { GitCatalog } from '../git/GitCatalog';
import { GitRepository } from '../git/GitRepository';
import { hashInt } from '../util/hash';
import { JsonObject } from '../util/json';
import { Params } from './appSetTemplate';
import { sanitizeName } from './goTemplate';

/*
 * Generators that read a git host, over what the scenario declares: pull
 * requests on its git repositories (pullRequest) and the repositories of an
 * organization (scmProvider). Params as Argo CD's pull_request.go and
 * scm_provider.go produce them.
 */

export class ScmGeneratorError extends Error {}

/** gosimple/slug with MaxLength 50 and `_` as `-` (as pull_request.go sets it). */
function slug(text: string): string {
  let s = text.toLowerCase().replace(/_/g, '-').replace(/[^a-z0-9-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  if (s.length > 50) {
    const cut = s.slice(0, 50);
    const at = cut.lastIndexOf('-');
    s = at > 0 ? cut.slice(0, at) : cut;
  }
  return s;
}

/** Host (with its port, if any), owner and repository of an https, ssh:// or scp-style git URL. */
function ownerRepo(url: string): { host: string; owner: string; repo: string } | undefined {
  const m = /^(?:https?:\/\/([^/]+)\/|ssh:\/\/git@([^/]+)\/|git@([^/:]+):)([^/]+)\/([^/]+?)(?:\.git)?\/?$/.exec(url);
  return m ? { host: m[1] ?? m[2] ?? m[3], owner: m[4], repo: m[5] } : undefined;
}

const PROVIDERS = ['github', 'gitlab', 'gitea', 'bitbucketServer', 'bitbucket', 'azureDevOps'];

export function pullRequestParams(spec: JsonObject, git: GitCatalog, goTemplate: boolean): Params[] {
  const provider = PROVIDERS.find(p => spec[p]);
  if (!provider) throw new ScmGeneratorError('failed to select pull request service provider: no Pull Request provider implementation configured');
  const cfg: JsonObject = spec[provider];
  const owner = String(cfg.owner ?? cfg.project ?? cfg.organization ?? '');
  const name = String(cfg.repo ?? cfg.project ?? '');
  const repo = git
    .all()
    .find(r => {
      const parsed = ownerRepo(r.url);
      if (!parsed) return false;
      if (provider === 'gitlab') return `${parsed.owner}/${parsed.repo}` === String(cfg.project);
      return parsed.owner === owner && parsed.repo === name;
    });
  if (!repo) {
    if (spec.continueOnRepoNotFoundError) return [];
    throw new ScmGeneratorError(`error listing repos: repository ${owner}/${name} not found on the simulated git host`);
  }
  const wanted: string[] = cfg.labels ?? [];
  const state = cfg.pullRequestState;
  return repo.pullRequests
    .filter(pr => wanted.every(l => pr.labels.includes(l)))
    .filter(() => !state || state === 'opened' || state === 'all')
    .filter(pr => matchesPrFilters(spec.filters, pr))
    .map(pr => {
      const params: Params = {
        number: String(pr.number),
        title: pr.title,
        branch: pr.branch,
        branch_slug: slug(pr.branch),
        target_branch: pr.targetBranch,
        target_branch_slug: slug(pr.targetBranch),
        head_sha: pr.headSha,
        head_short_sha: pr.headSha.slice(0, 8),
        head_short_sha_7: pr.headSha.slice(0, 7),
        author: pr.author,
      };
      if (goTemplate) params.labels = [...pr.labels];
      return params;
    });
}

function matchesPrFilters(filters: JsonObject[] | undefined, pr: { branch: string; targetBranch: string; title: string }) {
  if (!filters?.length) return true;
  return filters.some(
    f =>
      (!f.branchMatch || new RegExp(f.branchMatch).test(pr.branch)) &&
      (!f.targetBranchMatch || new RegExp(f.targetBranchMatch).test(pr.targetBranch)) &&
      (!f.titleMatch || new RegExp(f.titleMatch).test(pr.title)),
  );
}

type ScmFilter = JsonObject;

const hasRepoConditions = (f: ScmFilter) => f.repositoryMatch !== undefined || f.labelMatch !== undefined;
const hasBranchConditions = (f: ScmFilter) =>
  f.branchMatch !== undefined || f.pathsExist !== undefined || f.pathsDoNotExist !== undefined;

/** matchFilter: every condition of the filter holds for the repository at the branch. */
function matchesScmFilter(f: ScmFilter, repo: GitRepository, name: string, branch: string): boolean {
  const has = (path: string) => {
    const trimmed = path.replace(/\/+$/, '');
    return repo.directories.has(trimmed) || repo.files.has(trimmed);
  };
  return (
    (f.repositoryMatch === undefined || new RegExp(f.repositoryMatch).test(name)) &&
    (f.labelMatch === undefined || repo.labels.some(l => new RegExp(f.labelMatch).test(l))) &&
    (f.branchMatch === undefined || new RegExp(f.branchMatch).test(branch)) &&
    (f.pathsExist ?? []).every((x: string) => has(x)) &&
    !(f.pathsDoNotExist ?? []).some((x: string) => has(x))
  );
}

/** The branches GetBranches gives: the default one, or every branch with allBranches. */
function branchesOf(repo: GitRepository, all: boolean): Array<{ branch: string; sha: string }> {
  const main = { branch: 'main', sha: repo.head.sha };
  if (!all) return [main];
  const seen = new Set(['main']);
  const out = [main];
  for (const pr of repo.pullRequests) {
    if (seen.has(pr.branch)) continue;
    seen.add(pr.branch);
    out.push({ branch: pr.branch, sha: pr.headSha });
  }
  return out;
}

/*
 * scm_provider.ListRepos (Argo CD 2.x): a filter is of the branch type when
 * it has a branch condition (branchMatch, pathsExist, pathsDoNotExist),
 * else of the repository type when it has one. Repositories must match one
 * repository-type filter, then each of their branches one branch-type
 * filter, all its conditions; a phase without filters keeps everything.
 */
export function scmProviderParams(spec: JsonObject, git: GitCatalog): Params[] {
  const provider = PROVIDERS.find(p => spec[p]);
  if (!provider) throw new ScmGeneratorError('no SCM provider implementation configured');
  const cfg: JsonObject = spec[provider];
  const org = String(cfg.organization ?? cfg.group ?? cfg.owner ?? cfg.project ?? cfg.workspace ?? '');
  const protocol = spec.cloneProtocol ?? 'ssh';
  const filters: ScmFilter[] = spec.filters ?? [];
  const branchFilters = filters.filter(hasBranchConditions);
  const repoFilters = filters.filter(f => !hasBranchConditions(f) && hasRepoConditions(f));
  const repos = git
    .all()
    .map(r => ({ repo: r, parsed: ownerRepo(r.url) }))
    .filter(x => x.parsed && x.parsed.owner.toLowerCase() === org.toLowerCase())
    .sort((a, b) => (a.parsed!.repo < b.parsed!.repo ? -1 : 1));
  const out: Params[] = [];
  for (const { repo, parsed } of repos) {
    const p = parsed!;
    if (repoFilters.length && !repoFilters.some(f => matchesScmFilter(f, repo, p.repo, 'main'))) continue;
    for (const { branch, sha } of branchesOf(repo, Boolean(cfg.allBranches))) {
      if (branchFilters.length && !branchFilters.some(f => matchesScmFilter(f, repo, p.repo, branch))) continue;
      out.push({
        organization: p.owner,
        repository: p.repo,
        // The provider's numeric id (GitHub's int64); the sandbox derives one from the URL.
        repository_id: hashInt(repo.url.toLowerCase()),
        url: protocol === 'https' ? `https://${p.host}/${p.owner}/${p.repo}.git` : `git@${p.host}:${p.owner}/${p.repo}.git`,
        branch,
        branchNormalized: sanitizeName(branch),
        sha,
        short_sha: sha.slice(0, 8),
        short_sha_7: sha.slice(0, 7),
        labels: repo.labels.join(','),
      });
    }
  }
  return out;
}
