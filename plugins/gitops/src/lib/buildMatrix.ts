import type {
  EnvironmentGroup,
  GitOpsApplication,
} from '@gitops-suite/plugin-gitops-common';
import { applicationFamily } from './applicationFamily';
import { hasDeployed, revisionOf } from './revision';

/**
 * How a cell's revision compares with the previous environment that runs
 * the same service: `behind` when the previous environment ran it earlier
 * and moved on, `ahead` when this environment ran the previous one's
 * revision earlier, `differs` when history does not tell.
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
  environments: Array<Pick<EnvironmentGroup, 'name' | 'title' | 'production'>>;
  rows: MatrixRow[];
}

function compare(
  previous: GitOpsApplication,
  current: GitOpsApplication,
): PromotionState | undefined {
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

function withPromotion(cells: MatrixCell[]): MatrixCell[] {
  let previous: MatrixCell | undefined;
  return cells.map(cell => {
    const [current] = cell.applications;
    if (!current) {
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
 * (environments, in the promotion order the backend gave).
 */
export function buildMatrix(groups: EnvironmentGroup[]): EnvironmentMatrix {
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
      ),
    }));
  return {
    environments: groups.map(({ name, title, production }) => ({
      name,
      title,
      production,
    })),
    rows,
  };
}
