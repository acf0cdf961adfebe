import {
  applicationRelease,
  compareReleases,
  hasRelease,
  splitPreviewEnvironments,
  type EnvironmentGroup,
  type GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { applicationFamily } from './applicationFamily';
import { hasDeployed, revisionOf } from './revision';

/**
 * How a cell's release compares with the previous environment that runs
 * the same service: by the image tags and chart versions both pin (the
 * promotion card's rule), else by revision: `behind` when the previous
 * environment ran it earlier and moved on, `ahead` when this environment
 * ran the previous one's revision earlier; `differs` when neither tells.
 */
export type PromotionState = 'same' | 'ahead' | 'behind' | 'differs';

/** One environment of one service. */
export interface MatrixCell {
  environment: string;
  applications: GitOpsApplication[];
  /** Compared with the nearest earlier environment that runs the service. */
  promotion?: { state: PromotionState; comparedWith: string };
}

/** One service (application family) across the environments. */
export interface MatrixRow {
  family: string;
  cells: MatrixCell[];
}

/** The environment matrix of an entity. */
export interface EnvironmentMatrix {
  /** The promotion chain in order, then the preview environments. */
  environments: Array<
    Pick<EnvironmentGroup, 'name' | 'title' | 'production' | 'preview'>
  >;
  rows: MatrixRow[];
}

const RELEASE_STATES = {
  'in-sync': 'same',
  behind: 'behind',
  ahead: 'ahead',
  unknown: 'differs',
} as const;

/**
 * How `current` compares with `previous`: by release where both pin one
 * (image tags, chart versions; the rule the promotion card uses), else by
 * the revisions their histories ran.
 */
function compare(
  previous: GitOpsApplication,
  current: GitOpsApplication,
): PromotionState | undefined {
  const [from, to] = [
    applicationRelease(previous),
    applicationRelease(current),
  ];
  if (hasRelease(from) && hasRelease(to)) {
    return RELEASE_STATES[compareReleases(from, to).status];
  }
  const before = revisionOf(previous);
  const now = revisionOf(current);
  if (!before || !now) {
    return undefined;
  }
  if (before === now) {
    return 'same';
  }
  if (hasDeployed(previous, now)) {
    return 'behind';
  }
  if (hasDeployed(current, before)) {
    return 'ahead';
  }
  return 'differs';
}

/** Compares each cell of the chain with the one before; previews never. */
function withPromotion(
  cells: MatrixCell[],
  previews: ReadonlySet<string>,
): MatrixCell[] {
  let previous: MatrixCell | undefined;
  return cells.map(cell => {
    const [current] = cell.applications;
    if (!current || previews.has(cell.environment)) {
      return cell;
    }
    const [before] = previous?.applications ?? [];
    const state = before && compare(before, current);
    const result =
      state && previous
        ? { ...cell, promotion: { state, comparedWith: previous.environment } }
        : cell;
    previous = cell;
    return result;
  });
}

/**
 * Lays an entity's applications out as rows (services) by columns
 * (environments, in the promotion order the backend gave, the preview
 * environments after the chain: no promotion state compares with them).
 */
export function buildMatrix(all: EnvironmentGroup[]): EnvironmentMatrix {
  const { chain, previews } = splitPreviewEnvironments(all);
  const groups = [...chain, ...previews];
  const previewNames = new Set(previews.map(group => group.name));
  const names = groups.map(group => group.name);
  const families = new Map<string, Map<string, GitOpsApplication[]>>();
  for (const group of groups) {
    for (const app of group.applications) {
      const family = applicationFamily(app, names);
      const byEnvironment =
        families.get(family) ?? new Map<string, GitOpsApplication[]>();
      families.set(family, byEnvironment);
      byEnvironment.set(group.name, [
        ...(byEnvironment.get(group.name) ?? []),
        app,
      ]);
    }
  }
  const rows = [...families.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([family, byEnvironment]) => ({
      family,
      cells: withPromotion(
        names.map(environment => ({
          environment,
          applications: byEnvironment.get(environment) ?? [],
        })),
        previewNames,
      ),
    }));
  return {
    environments: groups.map(({ name, title, production, preview }) => ({
      name,
      title,
      production,
      ...(preview && { preview }),
    })),
    rows,
  };
}
