import { parseLabelSelector } from './parseLabelSelector';
import type { LabelSelector, LabelSelectorRequirement } from './types';

function labelOf(
  labels: Readonly<Record<string, string>>,
  key: string,
): string | undefined {
  return Object.prototype.hasOwnProperty.call(labels, key)
    ? labels[key]
    : undefined;
}

function matchesRequirement(
  requirement: LabelSelectorRequirement,
  labels: Readonly<Record<string, string>>,
): boolean {
  const value = labelOf(labels, requirement.key);
  switch (requirement.operator) {
    case 'exists':
      return value !== undefined;
    case 'doesNotExist':
      return value === undefined;
    case 'equals':
    case 'in':
      return value !== undefined && requirement.values.includes(value);
    case 'notEquals':
    case 'notIn':
      return value === undefined || !requirement.values.includes(value);
    default:
      return false;
  }
}

/**
 * Whether a set of labels satisfies a label selector (every requirement
 * holds). As in Kubernetes, `!=` and `notin` also hold when the label is
 * absent, and an empty selector matches everything.
 *
 * @param selector - a parsed selector, or a string to parse
 * @throws InputError when given a string that is not a valid selector
 * @public
 */
export function matchesLabelSelector(
  selector: LabelSelector | string,
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  const parsed =
    typeof selector === 'string' ? parseLabelSelector(selector) : selector;
  const actual = labels ?? {};
  return parsed.requirements.every(r => matchesRequirement(r, actual));
}
