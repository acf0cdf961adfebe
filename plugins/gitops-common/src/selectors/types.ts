/**
 * The operator of one label selector requirement.
 *
 * - `equals`: `key=value` or `key==value`
 * - `notEquals`: `key!=value` (also true when the label is absent)
 * - `in`: `key in (a,b)`
 * - `notIn`: `key notin (a,b)` (also true when the label is absent)
 * - `exists`: `key`
 * - `doesNotExist`: `!key`
 *
 * @public
 */
export type LabelSelectorOperator =
  | 'equals'
  | 'notEquals'
  | 'in'
  | 'notIn'
  | 'exists'
  | 'doesNotExist';

/**
 * One requirement of a label selector. `values` holds one value for
 * `equals` and `notEquals`, one or more for `in` and `notIn`, none for
 * `exists` and `doesNotExist`.
 * @public
 */
export interface LabelSelectorRequirement {
  key: string;
  operator: LabelSelectorOperator;
  values: string[];
}

/**
 * A parsed Kubernetes label selector: every requirement must hold (AND).
 * No requirements select everything.
 * @public
 */
export interface LabelSelector {
  requirements: LabelSelectorRequirement[];
}
