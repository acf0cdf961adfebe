import type {
  AuditorService,
  HttpAuthService,
} from '@backstage/backend-plugin-api';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type { EnvironmentDefinition } from '@gitops-suite/plugin-gitops-common';
import type { AuditStore } from '../audit/AuditStore';
import type { LogLimits } from '../config/readGitOpsConfig';
import type { FleetView } from '../fleet/FleetView';
import type { AgentUserIdentity } from '../identity/AgentUserIdentity';
import type { DeliveryMetricsService } from '../metrics/DeliveryMetricsService';
import type { ProviderRegistry } from '../providers/ProviderRegistry';
import type { SecretScrubber } from '../scrubbing/SecretScrubber';
import type { DeploymentTrust } from '../trust/DeploymentTrust';
import type { EntityAccess } from './EntityAccess';
import type { Operations } from './Operations';
import type { PullRequestHost } from './PullRequestHost';

/**
 * The plugin's services, each made once in `createGitOpsServices` (the
 * composition root). A route, an action or a read takes only the ones it
 * uses, as a `Pick` of these: nothing reaches through one service into
 * another's dependencies.
 */
export interface GitOpsServices {
  /** Who may read what; the entity and the application a request names. */
  access: EntityAccess;
  /** Read-only over the fleet state, with how fresh each agent is. */
  fleet: FleetView;
  /** Every write: the one decision, the audited run, the re-read after. */
  operations: Operations;
  /** Each agent's provider (for an agent's own reads: a tree, a manifest). */
  providers: ProviderRegistry;
  /** The audit log and the recorded drift, read. */
  audit: AuditStore;
  /** Delivery events recorded as the fleet changes, and their metrics. */
  metrics: DeliveryMetricsService;
  /** The GitOps repositories' pull requests, through the GitHub integrations. */
  pullRequests: PullRequestHost;
  /** Which projects an owner deploys new services to. */
  trust: Pick<DeploymentTrust, 'ownerProjects'>;
  /** Who an agent knows the user as, for its own access control. */
  userIdentity: AgentUserIdentity;
  /** Secrets kept out of every answer, output and log stream. */
  scrubber: SecretScrubber;
  httpAuth: HttpAuthService;
  /** Backstage's auditor: the proxy's reads are low-severity events. */
  auditor: AuditorService;
  catalog: CatalogService;
  environments: EnvironmentDefinition[];
  extraProxyPaths: RegExp[];
  /** Where a resource's logs stream is cut (size, time). */
  logLimits: LogLimits;
}
