/**
 * Test utilities of the GitOps node library: an in-memory GitOps agent
 * behind the provider interface, for fast tests of what consumes providers.
 *
 * @packageDocumentation
 */
export { InMemoryGitOpsProvider } from './InMemoryGitOpsProvider';
export type {
  InMemoryApplicationDetails,
  InMemoryGitOpsProviderOptions,
} from './inMemoryOptions';
export { application } from './application';
