/**
 * A local server that speaks the Argo CD REST API v1 and the Harness GitOps
 * API for development, tests and benchmarks.
 *
 * @packageDocumentation
 */

export { startSandbox } from './startSandbox';
export type {
  Sandbox,
  SandboxAgentInfo,
  SandboxHarnessAccountInfo,
  SandboxIdpInfo,
  StartSandboxOptions,
  DriftResult,
} from './startSandbox';
export type { IdentitySpec, AccessControlEntry } from './scenario/identitySchema';
export {
  loadScenarioFile,
  parseScenario,
  parseScenarioText,
  ScenarioError,
} from './scenario/loadScenario';
export type { ScenarioIssue } from './scenario/loadScenario';
export { scenarioSchema, faultConfigSchema } from './scenario/schema';
export type {
  Scenario,
  ScenarioInput,
  AgentSpec,
  ServiceSpec,
  EnvironmentSpec,
  FaultConfig,
  GenerateSpec,
} from './scenario/schema';
export type { DriftField } from './state/types';
export { main as runCli, parseCliArgs, readinessLines } from './cli';
export {
  loadRealWorldCorpus,
  valueAt,
  REAL_WORLD_CORPUS_DIR,
  REAL_WORLD_CORPUS_SCENARIO,
} from './testing/realWorldCorpus';
export type {
  CorpusEntry,
  CorpusExpectation,
  CorpusCondition,
  CorpusRefusal,
  CorpusSource,
} from './testing/realWorldCorpus';
export { SDK_OPERATIONS_FILE } from './harness/sdkOperations';
export type { SdkOperation } from './harness/sdkOperations';
