import type {
  EnvironmentDefinition,
  EnvironmentGroup,
  GitOpsApplication,
} from '../types';
import {
  findEnvironment,
  sortEnvironments,
  environmentTitle,
} from './sortEnvironments';
import { isPreviewEnvironment } from './previewEnvironments';

function compareApplications(a: GitOpsApplication, b: GitOpsApplication) {
  return (
    a.name.localeCompare(b.name, 'en') ||
    (a.namespace ?? '').localeCompare(b.namespace ?? '', 'en') ||
    a.agentId.localeCompare(b.agentId, 'en')
  );
}

/**
 * Groups applications by their (already resolved) `environment`, in
 * promotion order (see `sortEnvironments()`); applications within a group
 * are sorted by name, namespace and agent. Only environments that hold an
 * application appear. Unconfigured environments are not production, and
 * their `order` continues after the highest configured one, so groups are
 * also sorted by `order`. A preview environment (`isPreviewEnvironment`)
 * says so (`preview: true`).
 * @public
 */
export function groupByEnvironment(
  apps: readonly GitOpsApplication[],
  definitions: readonly EnvironmentDefinition[],
): EnvironmentGroup[] {
  const byName = new Map<string, GitOpsApplication[]>();
  for (const app of apps) {
    const group = byName.get(app.environment);
    if (group) {
      group.push(app);
    } else {
      byName.set(app.environment, [app]);
    }
  }
  const maxOrder = definitions.reduce((max, d) => Math.max(max, d.order), -1);
  let nextOrder = Math.floor(maxOrder) + 1;
  return sortEnvironments(Array.from(byName.keys()), definitions).map(name => {
    const definition = findEnvironment(name, definitions)?.definition;
    const applications = byName.get(name)!.slice().sort(compareApplications);
    return {
      name,
      title: environmentTitle(name, definitions),
      order: definition ? definition.order : nextOrder++,
      production: definition?.production ?? false,
      ...(isPreviewEnvironment(name, applications, definitions) && {
        preview: true,
      }),
      applications,
    };
  });
}
