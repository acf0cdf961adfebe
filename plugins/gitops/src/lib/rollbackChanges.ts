import {
  imageReference,
  imageVersion,
  shortRevision,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ApplicationSource,
  GitOpsApplication,
  HistoryEntry,
} from '@gitops-suite/plugin-gitops-common';
import { historyRevision } from './revision';

/** One thing a rollback puts back: what it is, what runs now, what it will run. */
export interface RollbackChange {
  what: string;
  from?: string;
  to?: string;
}

/** The deployment running now: the history entry with the highest id. */
function latestEntry(app: GitOpsApplication): HistoryEntry | undefined {
  return app.history.reduce<HistoryEntry | undefined>(
    (latest, entry) => (!latest || entry.id > latest.id ? entry : latest),
    undefined,
  );
}

/**
 * The images a source pins with Kustomize, by image name (`name=new:tag`
 * and `name:tag` alike), with their versions.
 */
function kustomizeImages(source?: ApplicationSource): Map<string, string> {
  const images = new Map<string, string>();
  for (const spec of source?.kustomize?.images ?? []) {
    const [name, override] = spec.includes('=')
      ? spec.split('=', 2)
      : [spec, spec];
    const version = imageVersion(override);
    if (version) images.set(imageReference(name).image, version);
  }
  return images;
}

/** Helm parameters that set an image tag or version (`image.tag`, `api.version`). */
function versionParameters(source?: ApplicationSource): Map<string, string> {
  return new Map(
    (source?.helm?.parameters ?? [])
      .filter(p => /(^|\.)(tag|version)$/i.test(p.name))
      .map(p => [p.name, p.value]),
  );
}

function changedEntries(
  what: (key: string) => string,
  from: Map<string, string>,
  to: Map<string, string>,
): RollbackChange[] {
  return [...new Set([...from.keys(), ...to.keys()])]
    .filter(key => from.get(key) !== to.get(key))
    .map(key => ({ what: what(key), from: from.get(key), to: to.get(key) }));
}

/**
 * What rolling `app` back to `target` changes, from the history the agent
 * recorded: the revision of its primary source, and per source a chart
 * version, Kustomize image tags and Helm tag or version parameters that
 * differ between the running deployment and the target one. Empty where
 * both record the same.
 */
export function rollbackChanges(
  app: GitOpsApplication,
  target: HistoryEntry,
): RollbackChange[] {
  const current = latestEntry(app);
  if (!current) return [];
  const changes: RollbackChange[] = [];
  const [from, to] = [
    historyRevision(app, current),
    historyRevision(app, target),
  ];
  if (from !== to) {
    changes.push({
      what: 'revision',
      from: shortRevision(from),
      to: shortRevision(to),
    });
  }
  const count = Math.max(
    current.sources?.length ?? 0,
    target.sources?.length ?? 0,
  );
  for (let i = 0; i < count; i++) {
    const [now, then] = [current.sources?.[i], target.sources?.[i]];
    const chart = now?.chart ?? then?.chart;
    if (chart && now?.targetRevision !== then?.targetRevision) {
      changes.push({
        what: `chart ${chart}`,
        from: now?.targetRevision,
        to: then?.targetRevision,
      });
    }
    changes.push(
      ...changedEntries(
        image => `image ${image}`,
        kustomizeImages(now),
        kustomizeImages(then),
      ),
      ...changedEntries(
        name => `value ${name}`,
        versionParameters(now),
        versionParameters(then),
      ),
    );
  }
  return changes;
}

/**
 * The release a history entry deployed, as people name it: the chart
 * versions and image tags its sources pinned (none when it pinned none).
 */
export function entryVersions(entry: HistoryEntry): string[] {
  const versions = (entry.sources ?? []).flatMap(source => [
    ...(source.chart && source.targetRevision
      ? [`${source.chart} ${source.targetRevision}`]
      : []),
    ...kustomizeImages(source).values(),
    ...versionParameters(source).values(),
  ]);
  return [...new Set(versions)];
}
