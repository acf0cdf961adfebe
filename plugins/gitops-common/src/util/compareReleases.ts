import type { GitOpsApplication } from '../types';
import { deployedRevision } from './deployedRevision';
import { hydratedRevision } from './hydratedRevision';
import { imageReference } from './imageReference';

/**
 * What an environment runs as a person names a release: the tag of each
 * image and the version of each Helm chart its overlay pins, and, for an
 * application the source hydrator renders, the dry commit its hydrated
 * commit came from.
 * @public
 */
export interface Release {
  /** Image (without tag) to tag. */
  images: Map<string, string>;
  /** Chart (repository URL and chart name) to version. */
  charts: Map<string, string>;
  /** The dry commit of the running hydrated commit, when the hydrator renders the application. */
  drySHA?: string;
}

/**
 * The release an application runs (see {@link Release}).
 * @public
 */
export function applicationRelease(app: GitOpsApplication): Release {
  const images = new Map<string, string>();
  for (const reference of app.images) {
    const { image, tag, digest } = imageReference(reference);
    const version = tag ?? digest;
    if (version) images.set(image, version);
  }
  const charts = new Map<string, string>();
  const running = deployedRevision(app);
  app.sources.forEach((source, index) => {
    if (!source.chart) return;
    const version = running.revisions[index] ?? source.targetRevision;
    if (version) charts.set(`${source.repoURL}#${source.chart}`, version);
  });
  const drySHA = hydratedRevision(app)?.drySHA;
  return { images, charts, ...(drySHA && { drySHA }) };
}

/**
 * Whether the release names anything a promotion moves: an image tag or a
 * chart version.
 * @public
 */
export function hasRelease(release: Release): boolean {
  return release.images.size > 0 || release.charts.size > 0;
}

/** Whether version `a` is older than `b` (numeric parts compared as numbers: 2.4.5 < 2.4.10). */
function olderVersion(a: string, b: string): boolean {
  return a.localeCompare(b, 'en', { numeric: true }) < 0;
}

/**
 * How the release `to` runs compares with the one `from` runs, part by
 * part (each image and chart both pin):
 * - `in-sync` when every part is the same version (and, where both are
 *   hydrated, from the same dry commit);
 * - `behind` when some part of `to` is older and none newer, `ahead` the
 *   other way round;
 * - `unknown` when the parts disagree, or an image or chart runs on one
 *   side only.
 * `behindImage` is the image of the first older part, the one a promotion
 * bumps. Only meaningful where both sides {@link hasRelease}. The one rule
 * for where a release stands: the promotion card and the matrix use it.
 * @public
 */
export function compareReleases(
  from: Release,
  to: Release,
): {
  status: 'in-sync' | 'behind' | 'ahead' | 'unknown';
  behindImage?: { image: string; tag: string };
} {
  let older = 0;
  let newer = 0;
  let oneSided = 0;
  let behindImage: { image: string; tag: string } | undefined;
  const parts = (kind: 'images' | 'charts') => {
    const keys = new Set([...from[kind].keys(), ...to[kind].keys()]);
    for (const key of keys) {
      const a = from[kind].get(key);
      const b = to[kind].get(key);
      if (a === undefined || b === undefined) oneSided++;
      else if (a === b) continue;
      else if (olderVersion(b, a)) {
        older++;
        if (kind === 'images') behindImage ??= { image: key, tag: a };
      } else newer++;
    }
  };
  parts('images');
  parts('charts');
  if (oneSided > 0 || (older > 0 && newer > 0)) return { status: 'unknown' };
  if (older > 0) {
    return { status: 'behind', ...(behindImage && { behindImage }) };
  }
  if (newer > 0) return { status: 'ahead' };
  if (from.drySHA && to.drySHA && from.drySHA !== to.drySHA) {
    return { status: 'unknown' };
  }
  return { status: 'in-sync' };
}
