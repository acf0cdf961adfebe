/**
 * Fixtures of the suite's domain model for the tests of the packages that
 * use it (`@gitops-suite/plugin-gitops-common/testUtils`); not part of the
 * runtime API.
 *
 * @packageDocumentation
 */

export { canaryRolloutSummary } from './canaryRolloutSummary';
