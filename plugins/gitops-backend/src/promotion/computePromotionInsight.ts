import {
  applicationRelease,
  compareReleases,
  deployedRevision,
  EnvironmentDefinition,
  GitOpsApplication,
  historyEntryRevision,
  imageReference,
  PromotionEnvironmentState,
  PromotionStep,
  hasRelease,
  isPreviewEnvironment,
  Release,
  sortEnvironments,
} from '@gitops-suite/plugin-gitops-common';
import { DeploymentEvent } from '../metrics/types';

/** What {@link computePromotionSteps} compares. */
export interface PromotionInput {
  /**
   * The service's applications: lean (what runs, from the fleet state) or
   * read in full (with history, merged with `deployments`).
   */
  applications: GitOpsApplication[];
  /** Recorded deployments of those applications (older than the live history keeps). */
  deployments: DeploymentEvent[];
  environments: readonly EnvironmentDefinition[];
  /** RepoUrlPicker value of the repository a promotion changes. */
  repoUrl?: string;
  now: Date;
}

interface Deployed {
  appKey: string;
  revision: string;
  deployedAt: string;
  commitDate?: string;
}

/** Every deployment of an environment, oldest first, recorded and live merged. */
function environmentDeployments(
  apps: GitOpsApplication[],
  recorded: DeploymentEvent[],
): Deployed[] {
  const byId = new Map<string, Deployed>();
  for (const d of recorded) {
    byId.set(`${d.appKey}#${d.historyId}`, {
      appKey: d.appKey,
      revision: d.revision,
      deployedAt: d.deployedAt,
      ...(d.commitDate && { commitDate: d.commitDate }),
    });
  }
  for (const app of apps) {
    for (const entry of app.history) {
      const revision = historyEntryRevision(app, entry);
      const key = `${app.key}#${entry.id}`;
      if (revision && entry.deployedAt && !byId.has(key)) {
        byId.set(key, {
          appKey: app.key,
          revision,
          deployedAt: entry.deployedAt,
        });
      }
    }
  }
  return [...byId.values()].sort((a, b) =>
    a.deployedAt.localeCompare(b.deployedAt),
  );
}

function environmentState(
  environment: string,
  apps: GitOpsApplication[],
  deployed: Deployed[],
): { state: PromotionEnvironmentState; latest?: GitOpsApplication } {
  // the most recently deployed application speaks for the environment
  // (`deployed` is oldest first: the last entry of an application is its
  // latest deployment, recorded or in the history it was read with)
  const lastDeployedAt = new Map(deployed.map(d => [d.appKey, d.deployedAt]));
  const deployedAtOf = (app: GitOpsApplication) =>
    lastDeployedAt.get(app.key) ?? app.lastSyncedAt ?? '';
  const latest = [...apps].sort((a, b) =>
    deployedAtOf(b).localeCompare(deployedAtOf(a)),
  )[0];
  // what runs, by the suite's one rule (the matrix shows the same)
  const running = latest && deployedRevision(latest);
  const revision = running?.revision;
  const tagged = (latest?.images ?? [])
    .map(imageReference)
    .find(ref => ref.tag !== undefined);
  const revisions: string[] = [];
  for (const d of [...deployed].reverse()) {
    if (!revisions.includes(d.revision)) revisions.push(d.revision);
  }
  const state: PromotionEnvironmentState = {
    environment,
    applications: apps.map(a => a.key).sort(),
    revisions,
  };
  if (revision) state.revision = revision;
  if (revision && running?.source?.repoURL) {
    state.repoURL = running.source.repoURL;
  }
  if (tagged?.tag) {
    state.tag = tagged.tag;
    state.image = tagged.image;
  } else if (revision) {
    state.tag = revision;
  }
  const deployedAt = latest && lastDeployedAt.get(latest.key);
  if (deployedAt) state.deployedAt = deployedAt;
  return { state, latest };
}

/** Distinct revisions in `deployed` (oldest first) from index `start` on, except `except`. */
function distinctRevisions(
  deployed: Deployed[],
  start: number,
  except: string,
) {
  const seen = new Set<string>();
  let first: Deployed | undefined;
  for (const d of deployed.slice(start)) {
    if (d.revision === except || seen.has(d.revision)) continue;
    seen.add(d.revision);
    first ??= d;
  }
  return { count: seen.size, first };
}

interface EnvironmentRun {
  state: PromotionEnvironmentState;
  deployed: Deployed[];
  release?: Release;
}

/** The revision-history comparison of the environments' (Git or chart) revisions. */
function compareRevisions(
  from: EnvironmentRun,
  to: EnvironmentRun,
): Pick<PromotionStep, 'status' | 'revisionsBehind' | 'behindSince'> {
  const fromRevision = from.state.revision;
  const toRevision = to.state.revision;
  if (!fromRevision || !toRevision) return { status: 'unknown' };
  if (fromRevision === toRevision) {
    return { status: 'in-sync', revisionsBehind: 0 };
  }

  // `to` runs a revision `from` ran too: count what `from` deployed since
  const lastAt = from.deployed.map(d => d.revision).lastIndexOf(toRevision);
  if (lastAt >= 0) {
    const newer = distinctRevisions(from.deployed, lastAt + 1, toRevision);
    if (newer.count > 0) {
      return {
        status: 'behind',
        revisionsBehind: newer.count,
        behindSince: newer.first!.deployedAt,
      };
    }
  }
  // `to` ran what `from` runs now, and moved on
  if (to.deployed.some(d => d.revision === fromRevision)) {
    return { status: 'ahead' };
  }
  // otherwise compare commit dates
  const toCommit = to.deployed.find(d => d.revision === toRevision)?.commitDate;
  if (toCommit) {
    const index = from.deployed.findIndex(
      d => d.commitDate !== undefined && d.commitDate > toCommit,
    );
    if (index >= 0) {
      const newer = distinctRevisions(from.deployed, index, toRevision);
      return {
        status: 'behind',
        revisionsBehind: newer.count,
        behindSince: newer.first!.deployedAt,
      };
    }
    const fromCommit = from.deployed.find(
      d => d.revision === fromRevision,
    )?.commitDate;
    if (fromCommit && fromCommit < toCommit) return { status: 'ahead' };
  }
  return { status: 'unknown' };
}

/**
 * A promotion compares releases: the image tags and chart versions each
 * environment's overlay pins ({@link compareReleases}); the revisions
 * count how far behind, when they agree. Only where an environment pins
 * neither images nor charts are its revisions compared instead: the dry
 * commits where the source hydrator renders both, else the revisions.
 */
function compare(
  from: EnvironmentRun,
  to: EnvironmentRun,
): Pick<
  PromotionStep,
  'status' | 'revisionsBehind' | 'behindSince' | 'comparedBy'
> & { behindImage?: { image: string; tag: string } } {
  const revisions = compareRevisions(from, to);
  if (from.release && to.release) {
    if (hasRelease(from.release) && hasRelease(to.release)) {
      const { status, behindImage } = compareReleases(from.release, to.release);
      return {
        status,
        comparedBy: 'release',
        ...(status === 'in-sync' && { revisionsBehind: 0 }),
        ...(status === 'behind' &&
          revisions.status === 'behind' && {
            revisionsBehind: revisions.revisionsBehind,
            behindSince: revisions.behindSince,
          }),
        ...(behindImage && { behindImage }),
      };
    }
    const fromDry = from.release.drySHA;
    const toDry = to.release.drySHA;
    if (fromDry && toDry && fromDry === toDry) {
      return { status: 'in-sync', revisionsBehind: 0, comparedBy: 'revision' };
    }
  }
  return { ...revisions, comparedBy: 'revision' };
}

/**
 * What separates each environment from the next one in promotion order:
 * the revisions each runs, whether the later one is behind, by how many
 * revisions (counted in the earlier environment's deployment history) and
 * since when, and the parameters of a promotion when it is behind.
 */
export function computePromotionSteps(input: PromotionInput): {
  environments: PromotionEnvironmentState[];
  steps: PromotionStep[];
} {
  // preview environments are no step of the chain (isPreviewEnvironment)
  const names = sortEnvironments(
    input.applications.map(a => a.environment),
    input.environments,
  ).filter(
    name =>
      !isPreviewEnvironment(
        name,
        input.applications.filter(a => a.environment === name),
        input.environments,
      ),
  );
  const envs = names.map(name => {
    const apps = input.applications.filter(a => a.environment === name);
    const keys = new Set(apps.map(a => a.key));
    const deployed = environmentDeployments(
      apps,
      input.deployments.filter(d => keys.has(d.appKey)),
    );
    const { state, latest } = environmentState(name, apps, deployed);
    return {
      state,
      deployed,
      ...(latest && { release: applicationRelease(latest) }),
    };
  });

  const steps: PromotionStep[] = [];
  for (let i = 0; i + 1 < envs.length; i++) {
    const from = envs[i];
    const to = envs[i + 1];
    const { behindImage, ...result } = compare(from, to);
    const step: PromotionStep = {
      from: from.state.environment,
      to: to.state.environment,
      ...result,
    };
    if (from.state.revision) step.fromRevision = from.state.revision;
    if (to.state.revision) step.toRevision = to.state.revision;
    if (result.behindSince) {
      step.behindForSeconds = Math.max(
        0,
        Math.round(
          (input.now.getTime() - Date.parse(result.behindSince)) / 1000,
        ),
      );
    }
    // the template bumps an image tag: a release behind by an image is
    // promoted with that image's tag, one compared by revision with what
    // the earlier environment runs (a chart behind alone offers none)
    const bump =
      result.comparedBy === 'release'
        ? behindImage
        : from.state.tag && { image: from.state.image, tag: from.state.tag };
    if (result.status === 'behind' && bump) {
      step.promotion = {
        environment: to.state.environment,
        tag: bump.tag,
        ...(bump.image && { image: bump.image }),
        ...(input.repoUrl && { repoUrl: input.repoUrl }),
      };
    }
    steps.push(step);
  }
  return { environments: envs.map(e => e.state), steps };
}
