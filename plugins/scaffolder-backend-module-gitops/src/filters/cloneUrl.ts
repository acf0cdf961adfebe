import { InputError } from '@backstage/errors';
import { ScmIntegrationRegistry } from '@backstage/integration';
import { parseRepoUrl } from '@backstage/plugin-scaffolder-node';

/**
 * The web address of a RepoUrlPicker value's repository
 * (`host?owner=..&repo=..`), with the scheme of the integration configured
 * for its host: a GitHub Enterprise host served over http (the sandbox's git
 * host) is `http://<host>/<owner>/<repo>`, and github.com stays
 * `https://github.com/<owner>/<repo>`.
 */
export function repositoryUrlOf(
  integrations: ScmIntegrationRegistry,
  repoUrl: string,
): string {
  const { host, owner, repo } = parseRepoUrl(repoUrl, integrations);
  if (!owner || !repo) {
    throw new InputError(
      `repoUrl ${repoUrl} names no owner and repository (host?owner=..&repo=..)`,
    );
  }
  // a GitHub host's API says its scheme; any other host is served over https
  const apiBaseUrl = integrations.github.byHost(host)?.config.apiBaseUrl;
  const scheme = apiBaseUrl ? new URL(apiBaseUrl).protocol : 'https:';
  return `${scheme}//${host}/${owner}/${repo}`;
}

/** The clone URL of a RepoUrlPicker value: its repository's web address and `.git`. */
export function cloneUrlOf(
  integrations: ScmIntegrationRegistry,
  repoUrl: string,
): string {
  return `${repositoryUrlOf(integrations, repoUrl)}.git`;
}

function repoUrlFilter(
  name: string,
  integrations: ScmIntegrationRegistry,
  url: (integrations: ScmIntegrationRegistry, repoUrl: string) => string,
) {
  return (repoUrl: unknown): string => {
    if (typeof repoUrl !== 'string') {
      throw new InputError(
        `${name} takes a RepoUrlPicker value (host?owner=..&repo=..)`,
      );
    }
    return url(integrations, repoUrl);
  };
}

/**
 * The repository URL template filters: `${{ parameters.repoUrl | gitopsCloneUrl }}`
 * (what an agent clones) and `${{ parameters.repoUrl | gitopsRepositoryUrl }}`
 * (the repository's page, for a template's output links).
 */
export function createCloneUrlFilter(integrations: ScmIntegrationRegistry) {
  return {
    gitopsCloneUrl: repoUrlFilter('gitopsCloneUrl', integrations, cloneUrlOf),
    gitopsRepositoryUrl: repoUrlFilter(
      'gitopsRepositoryUrl',
      integrations,
      repositoryUrlOf,
    ),
  };
}
