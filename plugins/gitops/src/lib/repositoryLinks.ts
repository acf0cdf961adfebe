/**
 * Links into the Git host of a repository URL: the repository itself and a
 * commit of it. Git hosts are recognised by their URL patterns (GitHub,
 * GitLab, Bitbucket Cloud and Server, Azure DevOps); an unknown host gets a
 * repository link only when its URL is already a web address.
 */

type GitHost = 'github' | 'gitlab' | 'bitbucket' | 'bitbucket-server' | 'azure';

interface ParsedRepository {
  host: GitHost;
  /** The repository's web address, without a trailing `.git` or slash. */
  web: string;
}

const SCP_LIKE = /^(?:[\w.-]+@)?([\w.-]+):(?!\/\/)(.+)$/;

/** `git@github.com:acme/x.git` and `ssh://git@host:7999/x` as https URLs. */
function toHttpsUrl(repoUrl: string): URL | undefined {
  const trimmed = repoUrl.trim();
  if (!trimmed) return undefined;
  const scp = SCP_LIKE.exec(trimmed);
  if (scp && !/^[a-z][\w+.-]*:\/\//i.test(trimmed)) {
    return safeUrl(`https://${scp[1]}/${scp[2]}`);
  }
  const url = safeUrl(trimmed);
  if (!url) return undefined;
  if (url.protocol === 'ssh:' || url.protocol === 'git:') {
    return safeUrl(`https://${url.hostname}${url.pathname}`);
  }
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? url
    : undefined;
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function hostOf(url: URL, githubHosts: string[] = []): GitHost | undefined {
  const host = url.hostname.toLowerCase();
  if (host === 'github.com' || host.startsWith('github.')) return 'github';
  // the install's GitHub hosts (integrations.github[].host, host[:port]):
  // GitHub Enterprise under any name, the sandbox's git host
  if (githubHosts.some(h => h.toLowerCase() === url.host.toLowerCase())) {
    return 'github';
  }
  if (host === 'gitlab.com' || host.startsWith('gitlab.')) return 'gitlab';
  if (host === 'bitbucket.org') return 'bitbucket';
  if (
    host === 'dev.azure.com' ||
    host.endsWith('.visualstudio.com') ||
    url.pathname.includes('/_git/')
  ) {
    return 'azure';
  }
  if (host.startsWith('bitbucket.') || url.pathname.startsWith('/scm/')) {
    return 'bitbucket-server';
  }
  return undefined;
}

function parse(
  repoUrl: string,
  githubHosts?: string[],
): ParsedRepository | undefined {
  const url = toHttpsUrl(repoUrl);
  if (!url) return undefined;
  const host = hostOf(url, githubHosts);
  if (!host) return undefined;
  const path = url.pathname.replace(/\/+$/, '').replace(/\.git$/, '');
  if (host === 'bitbucket-server') {
    // https://host/scm/PROJECT/repo -> https://host/projects/PROJECT/repos/repo
    const match = /^\/scm\/([^/]+)\/([^/]+)$/.exec(path);
    if (!match) return undefined;
    return {
      host,
      web: `${url.origin}/projects/${match[1]}/repos/${match[2]}`,
    };
  }
  if (host === 'azure') {
    // strip the user of https://org@dev.azure.com/org/project/_git/repo
    return { host, web: `${url.origin}${path}` };
  }
  return { host, web: `${url.origin}${path}` };
}

/** The web page of a repository, or undefined when the URL is not one. */
export function repositoryUrl(repoUrl?: string): string | undefined {
  if (!repoUrl) return undefined;
  const parsed = parse(repoUrl);
  if (parsed) return parsed.web;
  const url = toHttpsUrl(repoUrl);
  // an unknown host: link only what already is a web address
  return url && /^https?:\/\//i.test(repoUrl.trim())
    ? url.toString().replace(/\.git$/, '')
    : undefined;
}

const COMMIT_SHA = /^[0-9a-f]{7,64}$/i;

/**
 * The web page of one commit of a repository; undefined when the revision is
 * not a commit SHA (a Helm chart version, a branch) or the host is unknown.
 */
export function commitUrl(
  repoUrl: string | undefined,
  revision: string | undefined,
  /** More GitHub hosts than github.com and github.*: the install's `integrations.github[].host`. */
  githubHosts?: string[],
): string | undefined {
  if (!repoUrl || !revision || !COMMIT_SHA.test(revision)) return undefined;
  const parsed = parse(repoUrl, githubHosts);
  if (!parsed) return undefined;
  switch (parsed.host) {
    case 'github':
      return `${parsed.web}/commit/${revision}`;
    case 'gitlab':
      return `${parsed.web}/-/commit/${revision}`;
    case 'bitbucket':
      return `${parsed.web}/commits/${revision}`;
    case 'bitbucket-server':
      return `${parsed.web}/commits/${revision}`;
    case 'azure':
      return `${parsed.web}/commit/${revision}`;
    default:
      return undefined;
  }
}
