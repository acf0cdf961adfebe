import type {
  GitOpsAgentInfo,
  GitOpsApplication,
  GitOpsApplicationSet,
  GitOpsCluster,
  GitOpsRepository,
  ResourceDiff,
  ResourceTree,
  RevisionMetadata,
  SyncWindow,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ApplicationRef,
  GitOpsProjectInfo,
} from '@gitops-suite/plugin-gitops-node';

/**
 * What an in-memory agent answers about one application beyond the
 * application itself; each defaults to empty.
 * @public
 */
export interface InMemoryApplicationDetails {
  resourceTree?: ResourceTree;
  managedResources?: ResourceDiff[];
  syncWindows?: SyncWindow[];
}

/**
 * What an in-memory agent starts with.
 * @public
 */
export interface InMemoryGitOpsProviderOptions {
  /** The agent; its kind is `memory` unless given. */
  agent: Partial<GitOpsAgentInfo> & { id: string };
  /** Its applications (see `application()`), made this agent's own. */
  applications?: GitOpsApplication[];
  applicationSets?: GitOpsApplicationSet[];
  clusters?: GitOpsCluster[];
  repositories?: GitOpsRepository[];
  projects?: GitOpsProjectInfo[];
  /** What `getRevisionMetadata` answers, by revision. */
  revisions?: RevisionMetadata[];
  /** Resource trees, managed resources and sync windows of applications. */
  details?: Array<InMemoryApplicationDetails & { application: ApplicationRef }>;
  /** Credential values the provider declares, for scrubbing tests. */
  secrets?: string[];
  /** The time operations and status checks record; the system clock by default. */
  clock?: () => Date;
}
