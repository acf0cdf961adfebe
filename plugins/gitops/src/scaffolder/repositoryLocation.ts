/**
 * A repository location as the scaffolder's publish actions take it
 * (`host?owner=acme&repo=payments`, RepoUrlPicker's format).
 */
export interface RepositoryLocation {
  host: string;
  owner: string;
  repo: string;
}

/** Reads `host?owner=…&repo=…`; missing parts are empty. */
export function parseRepositoryLocation(value: unknown): RepositoryLocation {
  if (typeof value !== 'string' || !value) {
    return { host: '', owner: '', repo: '' };
  }
  const [host, query = ''] = value.split('?', 2);
  const params = new URLSearchParams(query);
  return {
    host,
    owner: params.get('owner') ?? '',
    repo: params.get('repo') ?? '',
  };
}

/** Writes `host?owner=…&repo=…`, leaving out the empty parts. */
export function formatRepositoryLocation(
  location: RepositoryLocation,
): string | undefined {
  if (!location.host) return undefined;
  const params = new URLSearchParams();
  if (location.owner) params.set('owner', location.owner);
  if (location.repo) params.set('repo', location.repo);
  const query = params.toString();
  return query ? `${location.host}?${query}` : location.host;
}

/** GitHub's rule for owner and repository names. */
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * What is wrong with a repository location, for people; undefined if
 * nothing. `allowedHosts` are the hosts the template allows.
 */
export function repositoryLocationProblem(
  value: unknown,
  allowedHosts: string[] = [],
): string | undefined {
  const { host, owner, repo } = parseRepositoryLocation(value);
  if (!host) return 'Choose the host the repository is created on.';
  if (allowedHosts.length && !allowedHosts.includes(host)) {
    return `${host} is not a host this template may create repositories on; choose one of ${allowedHosts.join(
      ', ',
    )}.`;
  }
  if (!owner) {
    return 'Name the owner of the repository (an organization or user).';
  }
  if (!NAME.test(owner)) {
    return `The owner ${owner} may have only letters, digits, dots, dashes and underscores.`;
  }
  if (!repo) return 'Name the repository.';
  if (!NAME.test(repo) || repo === '.' || repo === '..') {
    return `The repository name ${repo} may have only letters, digits, dots, dashes and underscores.`;
  }
  return undefined;
}
