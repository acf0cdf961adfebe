export type {
  LabelSelector,
  LabelSelectorOperator,
  LabelSelectorRequirement,
} from './types';
export { isValidLabelKey, isValidLabelValue } from './labelSyntax';
export { parseLabelSelector } from './parseLabelSelector';
export { matchesLabelSelector } from './matchesLabelSelector';
export { formatLabelSelector } from './formatLabelSelector';
