import path from 'node:path';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { Commit, GitRepository } from '../git/GitRepository';
import { normalizeRepoUrl } from '../git/GitCatalog';
import { Scenario, ServiceSpec } from '../scenario/schema';
import { GitHost, HostedRepo } from './GitHost';

/** What the host's copy of a scenario repository holds. */
export interface RepoContent {
  url: string;
  /** Kustomize services deployed from the repository. */
  services: ServiceSpec[];
  directories: string[];
  files: Record<string, unknown>;
  pullRequests: NonNullable<NonNullable<Scenario['gitRepositories']>[number]['pullRequests']>;
}

function isKustomize(service: ServiceSpec) {
  return !service.type || service.type === 'kustomize';
}

function fill(pattern: string, service: string, env: string) {
  return pattern.replace(/\{service\}/g, service).replace(/\{env\}/g, env);
}

/** The overlay paths of a Kustomize service, one per environment it runs in. */
export function overlayPaths(scenario: Scenario, service: ServiceSpec): Array<{ env: string; path: string }> {
  return scenario.environments
    .filter(env => !service.environments || service.environments.includes(env.name))
    .map(env => ({ env: env.name, path: fill(service.path ?? 'deploy/overlays/{env}', service.name, env.name) }));
}

/**
 * The scenario repositories that live on the git host: those on `fromHost`
 * (github.com) that Kustomize services deploy from or that the scenario
 * declares, keyed by their normalized URL.
 */
export function hostedContent(scenario: Scenario, fromHost: string): Map<string, RepoContent> {
  const out = new Map<string, RepoContent>();
  const onHost = (url: string) => {
    try {
      return new URL(url).host === fromHost;
    } catch {
      return false;
    }
  };
  const entry = (url: string) => {
    const key = normalizeRepoUrl(url);
    let content = out.get(key);
    if (!content) {
      content = { url, services: [], directories: [], files: {}, pullRequests: [] };
      out.set(key, content);
    }
    return content;
  };
  for (const service of scenario.services) {
    if (isKustomize(service) && onHost(service.repo)) entry(service.repo).services.push(service);
  }
  for (const declared of scenario.gitRepositories ?? []) {
    if (!onHost(declared.url)) continue;
    const content = entry(declared.url);
    content.directories.push(...(declared.directories ?? []).map(d => d.replace(/\/+$/, '')));
    Object.assign(content.files, declared.files ?? {});
    content.pullRequests.push(...(declared.pullRequests ?? []));
  }
  return out;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : toYaml(value);
}

/** The files of the repository at one commit of its (simulated) history. */
function treeAt(scenario: Scenario, content: RepoContent, model: GitRepository, commit: Commit): Map<string, string> {
  const files = new Map<string, string>();
  files.set('README.md', `# ${model.url.split('/').pop()?.replace(/\.git$/, '')}\n\nDesired state, managed through GitOps.\n`);
  for (const service of content.services) {
    const image = service.image ?? `ghcr.io/acme/${service.name}`;
    const head = model.commits.length - 1;
    for (const { env, path: overlay } of overlayPaths(scenario, service)) {
      const base = path.posix.join(path.posix.dirname(path.posix.dirname(overlay)), 'base');
      if (!files.has(`${base}/kustomization.yaml`)) {
        files.set(`${base}/kustomization.yaml`, toYaml({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: ['deployment.yaml'] }));
        files.set(`${base}/deployment.yaml`, toYaml({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: service.name },
          spec: {
            selector: { matchLabels: { app: service.name } },
            template: { metadata: { labels: { app: service.name } }, spec: { containers: [{ name: service.name, image }] } },
          },
        }));
      }
      // an environment behind runs an older release: its overlay stopped there
      const runs = head - (service.overrides?.[env]?.revisionsBehind ?? service.state?.revisionsBehind ?? 0);
      const tagCommit = model.commits[Math.max(0, Math.min(commit.index, runs))];
      files.set(`${overlay}/kustomization.yaml`, toYaml({
        apiVersion: 'kustomize.config.k8s.io/v1beta1',
        kind: 'Kustomization',
        namespace: `${service.name}-${env}`,
        resources: [path.posix.relative(overlay, base)],
        images: [{ name: image, newTag: model.versionOf(tagCommit) }],
      }));
    }
  }
  for (const dir of content.directories) {
    if (![...files.keys()].some(f => f.startsWith(`${dir}/`))) {
      files.set(`${dir}/kustomization.yaml`, toYaml({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: [] }));
    }
  }
  for (const [file, value] of Object.entries(content.files)) files.set(file, text(value));
  return files;
}

function data(value: string) {
  return `data ${Buffer.byteLength(value, 'utf8')}\n${value}\n`;
}

function who(person: { name: string; email: string }, date: number) {
  return `${person.name} <${person.email}> ${Math.floor(date / 1000)} +0000`;
}

/**
 * Writes a scenario repository to the host as real git history: one commit
 * per commit of its simulated history (same messages, authors, dates), a
 * release tag on each, and a branch per declared pull request.
 */
export async function seedRepository(host: GitHost, scenario: Scenario, content: RepoContent, model: GitRepository): Promise<HostedRepo> {
  const url = new URL(content.url);
  const [owner, name] = url.pathname.split('/').filter(Boolean);
  const repo = await host.create({ owner, name: name.replace(/\.git$/, ''), description: `GitOps repository of ${content.services.map(s => s.name).join(', ') || name}` });
  host.addOrganization(owner);
  let stream = '';
  for (const commit of model.commits) {
    stream += `commit refs/heads/${repo.defaultBranch}\nmark :${commit.index + 1}\n`;
    stream += `author ${who(commit.author, commit.date)}\ncommitter ${who(commit.author, commit.date)}\n${data(commit.message)}`;
    if (commit.index > 0) stream += `from :${commit.index}\n`;
    stream += 'deleteall\n';
    for (const [file, body] of treeAt(scenario, content, model, commit)) stream += `M 100644 inline ${file}\n${data(body)}`;
    stream += '\n';
    stream += `reset refs/tags/${model.tagOf(commit)}\nfrom :${commit.index + 1}\n\n`;
  }
  const head = model.commits.length;
  content.pullRequests.forEach((pr, i) => {
    stream += `commit refs/heads/${pr.branch}\nmark :${head + 1 + i}\n`;
    const author = { name: pr.author ?? 'jane.doe', email: `${pr.author ?? 'jane.doe'}@acme.example` };
    const at = model.head.date + (i + 1) * 60_000;
    stream += `author ${who(author, at)}\ncommitter ${who(author, at)}\n${data(pr.title ?? `Pull request ${pr.number}`)}from :${head}\n`;
    stream += `M 100644 inline PULL_REQUEST_${pr.number}.md\n${data(`${pr.title ?? pr.branch}\n`)}\n`;
  });
  await repo.git.fastImport(`${stream}done\n`);
  for (const pr of content.pullRequests) {
    host.openPullRequest(repo, {
      number: pr.number,
      title: pr.title ?? `Pull request ${pr.number}`,
      head: pr.branch,
      base: pr.targetBranch ?? repo.defaultBranch,
      user: pr.author ?? 'jane.doe',
      labels: pr.labels ?? [],
    }, { quiet: true });
  }
  return repo;
}

/** The image tag a kustomization sets for an image (or its only image). */
function newTagOf(kustomization: string, image: string | undefined): string | undefined {
  let parsed: { images?: Array<{ name?: string; newTag?: unknown }> } | undefined;
  try {
    parsed = parseYaml(kustomization);
  } catch {
    return undefined;
  }
  const images = parsed?.images ?? [];
  const entry = images.find(i => i.name === image) ?? (images.length === 1 ? images[0] : undefined);
  return entry?.newTag === undefined ? undefined : String(entry.newTag);
}

/** A Kustomize overlay whose image tag the sandbox follows: its directory, and the image (else its only one). */
export interface TrackedOverlay {
  path: string;
  image?: string;
}

const KUSTOMIZATION = /(^|\/)kustomization\.yaml$/;

/**
 * The overlays of a repository nobody described (one a template published
 * on the host): every directory of the default branch's head holding a
 * `kustomization.yaml`; those setting no image tag tag nothing.
 */
export function discoveredOverlays(repo: HostedRepo): TrackedOverlay[] {
  const head = repo.git.refSha(`refs/heads/${repo.defaultBranch}`);
  if (!head) return [];
  return repo.git
    .treeEntries(head, true)
    .filter(entry => entry.type === 'blob' && KUSTOMIZATION.test(entry.path))
    .map(entry => ({ path: path.posix.dirname(entry.path) }));
}

/**
 * Points a repository model at its git twin: the history of the default
 * branch (with each overlay's image tag per commit) and the open pull
 * requests come from the host from now on. The overlays are read again on
 * every change when given as a function.
 */
export function linkModel(
  host: GitHost,
  repo: HostedRepo,
  model: GitRepository,
  overlaysOf: TrackedOverlay[] | (() => TrackedOverlay[]),
) {
  const sync = () => {
    const overlays = typeof overlaysOf === 'function' ? overlaysOf() : overlaysOf;
    const history = repo.git.history(`refs/heads/${repo.defaultBranch}`);
    const blobs = repo.git.readBlobs(history.flatMap(c => overlays.map(o => `${c.sha}:${o.path}/kustomization.yaml`)));
    model.adoptHistory(history.map(c => {
      const imageTags: Record<string, string> = {};
      for (const o of overlays) {
        const blob = blobs.get(`${c.sha}:${o.path}/kustomization.yaml`);
        const tag = blob && newTagOf(blob.toString('utf8'), o.image);
        if (tag) imageTags[o.path] = tag;
      }
      return { ...c, imageTags };
    }));
    model.pullRequests.splice(0, model.pullRequests.length, ...repo.pulls
      .filter(p => p.state === 'open')
      .map(p => ({ number: p.number, title: p.title, branch: p.head, targetBranch: p.base, headSha: host.headSha(repo, p), author: p.user, labels: [...p.labels] })));
  };
  model.remote = {
    push(options) {
      const head = repo.git.refSha(`refs/heads/${repo.defaultBranch}`)!;
      const commit = repo.git.commit(head)!;
      const sha = repo.git.writeCommit({
        tree: commit.tree,
        parents: [head],
        message: options.message ?? 'chore: update desired state',
        author: { name: 'Jane Doe', email: 'jane.doe@acme.example', date: new Date(options.date).toISOString() },
      });
      repo.git.updateRef(`refs/heads/${repo.defaultBranch}`, sha, head);
      host.changed(repo);
      return model.head;
    },
  };
  sync();
  return sync;
}
