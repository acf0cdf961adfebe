import type { GitOpsConnectionState } from './clusters';

/**
 * A source repository known to an agent. Never carries credentials; only
 * whether it has some.
 * @public
 */
export interface GitOpsRepository {
  agentId: string;
  /** The repository URL. */
  repo: string;
  /** `git` or `helm`. */
  type: string;
  name?: string;
  project?: string;
  connectionState?: GitOpsConnectionState;
  hasCredentials: boolean;
  insecure?: boolean;
}
