import { GitCatalog, normalizeRepoUrl } from '../git/GitCatalog';
import { GitRepository } from '../git/GitRepository';
import { Scenario } from '../scenario/schema';
import { sha1Hex } from '../util/hash';
import { GitHost, HostedRepo } from './GitHost';
import { GitHostServer } from './GitHostServer';
import { discoveredOverlays, hostedContent, linkModel, overlayPaths, seedRepository } from './seedRepositories';

/** How to run the sandbox's git host. */
export interface GitHostOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** The host name in its URLs (default `localhost`); it listens on the sandbox's interface. */
  hostname?: string;
  /** The scenario's repositories on this host move to the git host (default `github.com`). */
  replaces?: string;
}

/** The git host as a GitHub Enterprise integration configures it. */
export interface SandboxGitHostInfo {
  /** `integrations.github[].host`: `localhost:<port>` */
  host: string;
  /** `integrations.github[].apiBaseUrl`: `http://localhost:<port>/api/v3` */
  apiBaseUrl: string;
  /** Web and clone URLs start here: `http://localhost:<port>` */
  baseUrl: string;
  /** The token of the host's one user (may push, open and merge pull requests). */
  token: string;
  /** That user's login. */
  user: string;
}

export interface RunningGitHost {
  info: SandboxGitHostInfo;
  host: GitHost;
  /** The scenario with its hosted repositories' URLs on the git host. */
  scenario: Scenario;
  /** Seeds the hosted repositories from the scenario's git models and links the models to them. */
  seed(git: GitCatalog): Promise<void>;
  /** Calls back with the repository URL every time a hosted repository changes. */
  onChange(listener: (repoUrl: string) => void): void;
  close(): Promise<void>;
}

/** Replaces every string of the scenario that names a moved repository. */
function rewriteUrls<T>(value: T, moved: Map<string, string>): T {
  if (typeof value === 'string') return (moved.get(normalizeRepoUrl(value)) ?? value) as T;
  if (Array.isArray(value)) return value.map(v => rewriteUrls(v, moved)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteUrls(v, moved)])) as T;
  }
  return value;
}

/**
 * Starts the sandbox's git host: its server listens first, so the scenario's
 * repositories can move to their URLs on it before the agents are built.
 */
export async function startGitHost(
  scenario: Scenario,
  options: GitHostOptions & { listenHost: string; seed: string; log: (message: string) => void },
): Promise<RunningGitHost> {
  const token = `ghp_${sha1Hex(options.seed, 'git-host-token').slice(0, 36)}`;
  const user = 'gitops-bot';
  // the server listens before the host exists: its URLs need the port
  const started: { host?: GitHost } = {};
  const server = new GitHostServer(() => started.host!, token, options.log);
  const port = await server.attach(options.port ?? 0, options.listenHost);
  const baseUrl = `http://${options.hostname ?? 'localhost'}:${port}`;
  const host = new GitHost(baseUrl, { user, organizations: [] });
  started.host = host;

  const moved = new Map<string, string>();
  for (const content of hostedContent(scenario, options.replaces ?? 'github.com').values()) {
    const [owner, name] = new URL(content.url).pathname.split('/').filter(Boolean);
    moved.set(normalizeRepoUrl(content.url), `${baseUrl}/${owner}/${name.replace(/\.git$/, '')}.git`);
  }
  const hosted = rewriteUrls(scenario, moved);
  const syncs = new Map<HostedRepo, () => void>();
  const listeners: Array<(repoUrl: string) => void> = [];
  host.onChange(repo => {
    syncs.get(repo)?.();
    for (const listener of listeners) listener(host.cloneUrl(repo));
  });

  return {
    info: { host: host.host, apiBaseUrl: host.apiBaseUrl, baseUrl, token, user },
    host,
    scenario: hosted,
    async seed(git) {
      const seedingSince = Date.now();
      const contents = [...hostedContent(hosted, host.host).values()];
      // every repository at once: git does the work in its own processes
      await Promise.all(
        contents.map(async content => {
          const model = git.find(content.url);
          if (!model) return;
          const repo = await seedRepository(host, hosted, content, model);
          const overlays = content.services.flatMap(s =>
            overlayPaths(hosted, s).map(o => ({ path: o.path, image: s.image ?? `ghcr.io/acme/${s.name}` })),
          );
          syncs.set(repo, linkModel(host, repo, model, overlays));
        }),
      );
      options.log(`sandbox: git host with ${contents.length} repositories ready in ${Date.now() - seedingSince} ms at ${baseUrl}`);
      // a repository created on the host later (a template's publish):
      // the agents deploy from its git history once it has a commit, each
      // overlay at the image tag its kustomization sets, as seeded ones
      git.resolveWith(url => {
        const repo = host.byUrl(url);
        if (!repo || syncs.has(repo) || !repo.git.refSha(`refs/heads/${repo.defaultBranch}`)) return undefined;
        const model = new GitRepository({
          url: host.cloneUrl(repo),
          seed: options.seed,
          now: Date.now(),
          commits: 0,
          signing: 'unsigned',
          version: '1.0',
          subject: repo.name,
        });
        syncs.set(repo, linkModel(host, repo, model, () => discoveredOverlays(repo)));
        return model;
      });
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async close() {
      await server.close();
      host.dispose();
    },
  };
}
