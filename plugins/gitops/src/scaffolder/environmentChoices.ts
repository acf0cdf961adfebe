import {
  environmentLabel,
  type EnvironmentDefinition,
} from '@gitops-suite/plugin-gitops-common';

/** One checkbox of the environment picker. */
export interface EnvironmentChoice {
  name: string;
  /** "Production" for `prod` (`environmentLabel`) */
  label: string;
  /** Deployed today (add-environment). */
  current: boolean;
  /** The environment the template adds. */
  added: boolean;
}

/**
 * The environments to choose from, in promotion order: the configured ones,
 * then any the entity runs in or the template adds that are not configured.
 */
export function environmentChoices(
  definitions: EnvironmentDefinition[],
  current: string[] = [],
  added?: string,
): EnvironmentChoice[] {
  const configured = [...definitions].sort((a, b) => a.order - b.order);
  const names = [
    ...configured.map(d => d.name),
    ...current,
    ...(added ? [added] : []),
  ].filter((name, index, all) => all.indexOf(name) === index);
  return names.map(name => {
    return {
      name,
      label: environmentLabel(name, configured),
      current: current.includes(name),
      added: name === added,
    };
  });
}

/** What is wrong with a choice of environments, for people; undefined if nothing. */
export function environmentsProblem(options: {
  selected: string[];
  current?: string[];
  added?: string;
  removalConfirmed?: boolean;
}): string | undefined {
  const { selected, current = [], added, removalConfirmed } = options;
  if (selected.length === 0) return 'Pick at least one environment.';
  if (added && current.includes(added)) {
    return `${added} is deployed already; name an environment the service does not run in yet.`;
  }
  if (added && !selected.includes(added)) {
    return `Keep ${added} checked: it is the environment this template adds.`;
  }
  const removed = current.filter(name => !selected.includes(name));
  if (removed.length > 0 && !removalConfirmed) {
    return `${removed.join(', ')} would no longer be deployed. Check ${
      removed.length > 1 ? 'them' : 'it'
    } again, or confirm the removal.`;
  }
  return undefined;
}

/**
 * What is wrong with the one environment a template acts on (promote-release),
 * for people; undefined if nothing. Given the environments the entity runs
 * in, it must be one of them: its overlay is what the template changes.
 */
export function targetEnvironmentProblem(options: {
  selected?: string;
  current?: string[];
}): string | undefined {
  const { selected, current } = options;
  if (!selected) return 'Choose an environment.';
  if (current && !current.includes(selected)) {
    return `${selected} is not deployed for this service (it runs in ${
      current.join(', ') || 'no environment'
    }); add it with the add-environment template first.`;
  }
  return undefined;
}
