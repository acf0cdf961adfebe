import { InputError } from '@backstage/errors';
import { ScmIntegrationRegistry } from '@backstage/integration';
import { parseRepoUrl } from '@backstage/plugin-scaffolder-node';

/**
 * The clone URL of a RepoUrlPicker value (`host?owner=..&repo=..`), with the
 * scheme of the integration configured for its host: a GitHub Enterprise
 * host served over http (the sandbox's git host) clones over http, and
 * github.com stays `https://github.com/<owner>/<repo>.git`.
 */
export function cloneUrlOf(
  integrations: ScmIntegrationRegistry,
  repoUrl: string,
): string {
  const { host, owner, repo } = parseRepoUrl(repoUrl, integrations);
  if (!owner || !repo) {
    throw new InputError(
      `repoUrl ${repoUrl} names no owner and repository (host?owner=..&repo=..)`,
    );
  }
  // a GitHub host's API says its scheme; any other host is cloned over https
  const apiBaseUrl = integrations.github.byHost(host)?.config.apiBaseUrl;
  const scheme = apiBaseUrl ? new URL(apiBaseUrl).protocol : 'https:';
  return `${scheme}//${host}/${owner}/${repo}.git`;
}

/** The `gitopsCloneUrl` template filter: `${{ parameters.repoUrl | gitopsCloneUrl }}`. */
export function createCloneUrlFilter(integrations: ScmIntegrationRegistry) {
  return {
    gitopsCloneUrl: (repoUrl: unknown): string => {
      if (typeof repoUrl !== 'string') {
        throw new InputError(
          'gitopsCloneUrl takes a RepoUrlPicker value (host?owner=..&repo=..)',
        );
      }
      return cloneUrlOf(integrations, repoUrl);
    },
  };
}
