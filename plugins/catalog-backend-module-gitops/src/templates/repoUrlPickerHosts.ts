import { Entity } from '@backstage/catalog-model';

const GITHUB = 'github.com';

/** What an install configures that the templates' repository pickers follow. */
export interface RepoUrlDefaults {
  /**
   * The install's GitHub hosts in the order of its `integrations.github`
   * (github.com, when not configured, last): GitHub Enterprise, or the
   * sandbox's git host on `npm start`.
   */
  githubHosts: string[];
  /**
   * The repositories the install's Argo CD projects deploy from
   * (`gitops.projects[].sourceRepos`, Argo CD's patterns).
   */
  sourceRepos?: string[];
}

const GLOB = /[*?[\]{}]/;

/** The repository pickers: the scaffolder's, and the GitOps plugin's, which wraps it. */
const REPO_URL_PICKERS = ['RepoUrlPicker', 'GitOpsRepoUrlPicker'];

/**
 * The owners a host's repositories may have under the projects' source
 * patterns, or undefined when any owner may be (a pattern with a wildcard
 * owner or host, or none for the host).
 */
function ownersOn(host: string, patterns: string[]): string[] | undefined {
  const owners = new Set<string>();
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue; // a negation allows nothing
    let url: URL;
    try {
      url = new URL(pattern);
    } catch {
      if (pattern === '*' || !pattern.includes(':')) return undefined;
      continue; // git@host:owner/repo: not a web address a picker names
    }
    if (GLOB.test(url.host)) return undefined;
    if (url.host.toLowerCase() !== host.toLowerCase()) continue;
    const owner = decodeURIComponent(url.pathname.split('/')[1] ?? '');
    if (!owner || GLOB.test(owner)) return undefined;
    owners.add(owner);
  }
  return owners.size ? [...owners] : undefined;
}

/**
 * Serves a template's repository pickers (RepoUrlPicker, and the GitOps
 * plugin's GitOpsRepoUrlPicker) that allow github.com for the
 * install: they allow every GitHub host the install configures, the
 * templates publishing with the GitHub actions, which work on any GitHub
 * integration. The configured hosts come first, in the install's order,
 * so the first one is the picker's default (the sandbox's git host on
 * `npm start`, a GitHub Enterprise host); github.com follows unless it is
 * configured before them. When the projects' source patterns name one
 * owner on that host (`https://host/acme/*`), the field starts at that
 * owner (a `default` of `host?owner=acme`), unless it has a default.
 * A template without github.com, or a picker without `allowedHosts`, is
 * left as is; with only github.com configured, so are the hosts.
 */
export function withRepoUrlDefaults(
  template: Entity,
  defaults: RepoUrlDefaults,
): Entity {
  const configured = defaults.githubHosts.length
    ? defaults.githubHosts
    : [GITHUB];
  const parameters = (template.spec as { parameters?: unknown })?.parameters;
  const steps = Array.isArray(parameters) ? parameters : [parameters];
  for (const step of steps) {
    const properties =
      (step as { properties?: Record<string, any> } | undefined)?.properties ??
      {};
    for (const field of Object.values(properties)) {
      const options = REPO_URL_PICKERS.includes(field?.['ui:field'])
        ? field['ui:options']
        : undefined;
      const allowed: unknown = options?.allowedHosts;
      if (!Array.isArray(allowed) || !allowed.includes(GITHUB)) continue;
      const hosts = allowed
        .flatMap(h => (h === GITHUB ? configured : [h]))
        .filter((h, i, all) => all.indexOf(h) === i);
      options.allowedHosts = hosts;
      const owners = ownersOn(hosts[0], defaults.sourceRepos ?? []);
      if (field.default === undefined && owners?.length === 1) {
        field.default = `${hosts[0]}?${new URLSearchParams({
          owner: owners[0],
        })}`;
      }
    }
  }
  return template;
}
