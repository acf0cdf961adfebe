import type { LabelSelector, LabelSelectorRequirement } from './types';

function formatRequirement(requirement: LabelSelectorRequirement): string {
  const { key, values } = requirement;
  switch (requirement.operator) {
    case 'exists':
      return key;
    case 'doesNotExist':
      return `!${key}`;
    case 'equals':
      return `${key}=${values[0] ?? ''}`;
    case 'notEquals':
      return `${key}!=${values[0] ?? ''}`;
    case 'in':
      return `${key} in (${values.join(',')})`;
    case 'notIn':
      return `${key} notin (${values.join(',')})`;
    default:
      throw new Error(
        `Unknown label selector operator "${String(requirement.operator)}"`,
      );
  }
}

/**
 * Formats a label selector in Kubernetes' string form, such that
 * `parseLabelSelector(formatLabelSelector(s))` equals `s`.
 * @public
 */
export function formatLabelSelector(selector: LabelSelector): string {
  return selector.requirements.map(formatRequirement).join(',');
}
