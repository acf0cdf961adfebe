/**
 * Fixtures of the suite's domain model for the tests of the packages that
 * use it (`@gitops-suite/plugin-gitops-common/testUtils`); not part of the
 * runtime API. Helpers in this folder that this index does not re-export
 * (such as `testApplication`) serve only this package's own tests.
 *
 * @packageDocumentation
 */

export { canaryRolloutSummary } from './canaryRolloutSummary';
