import {
  applicationSetOf,
  GitOpsApplication,
  GitOpsEntityQuery,
  QueryableApplication,
  serviceLabelSelectors,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationListQuery,
  GitOpsProvider,
  hasProviderCapability,
} from '@gitops-suite/plugin-gitops-node';

/** The targeted list calls that find just an entity's applications. */
function targetedCalls(
  provider: GitOpsProvider,
  query: GitOpsEntityQuery,
): ApplicationListQuery[] {
  const projects = query.projects?.length ? query.projects : undefined;
  const calls: ApplicationListQuery[] = [];
  if (query.selector !== undefined) {
    calls.push({ selector: query.selector, projects, lean: true });
  }
  for (const selector of [
    ...serviceLabelSelectors(query.services),
    ...(hasProviderCapability(provider, 'serviceSelectors')
      ? provider.serviceSelectors(query.services)
      : []),
  ]) {
    calls.push({ selector, projects, lean: true });
  }
  for (const named of query.applications) {
    calls.push({
      name: named.name,
      appNamespace: named.namespace,
      projects,
      lean: true,
    });
  }
  return calls;
}

/**
 * An entity's applications on an agent whose state has not loaded yet:
 * targeted calls for just the entity (its selector, service label, names;
 * its ApplicationSets' applications after one ApplicationSet list), in
 * parallel, so a cold page costs about one agent round trip rather than a
 * whole list. A query that selects nothing lists the agent.
 */
export async function readColdEntityApplications(
  provider: GitOpsProvider,
  query: GitOpsEntityQuery,
  matches: (app: QueryableApplication) => boolean,
  signal: AbortSignal,
): Promise<GitOpsApplication[]> {
  const calls = targetedCalls(provider, query);
  const owners = new Map<string, string>();
  const generated = async (): Promise<GitOpsApplication[][]> => {
    if (!query.applicationSets?.length) return [];
    const wanted = new Set(query.applicationSets);
    const sets = await provider.listApplicationSets({ signal });
    const names = sets
      .filter(set => wanted.has(set.name))
      .flatMap(set => set.applications.map(app => [app, set.name] as const));
    for (const [app, set] of names) owners.set(app, set);
    return Promise.all(
      names.map(([name]) =>
        provider.listApplications({ name, lean: true }, { signal }),
      ),
    );
  };
  if (!calls.length && !query.applicationSets?.length) {
    calls.push({ lean: true });
  }
  const [targeted, byOwner] = await Promise.all([
    Promise.all(calls.map(call => provider.listApplications(call, { signal }))),
    generated(),
  ]);
  const lists = [...targeted, ...byOwner];
  const byKey = new Map<string, GitOpsApplication>();
  for (const list of lists) {
    for (const app of list) {
      const set = applicationSetOf(app, name => owners.get(name));
      byKey.set(
        app.key,
        set && set !== app.applicationSet
          ? { ...app, applicationSet: set }
          : app,
      );
    }
  }
  return [...byKey.values()].filter(matches);
}
