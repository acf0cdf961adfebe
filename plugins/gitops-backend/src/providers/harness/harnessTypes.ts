/*
 * The parts of the Harness GitOps API's objects the provider reads, as the
 * Harness Go SDK names them (shared/reference/harness/gitops-api.md). Inner
 * objects (`app`, `cluster`, `repository`, `applicationset`) are Argo CD's.
 */
import type {
  ArgoApplication,
  ArgoApplicationSet,
  ArgoCluster,
  ArgoRepository,
} from '../argocd/argoCdTypes';

/** V1AgentComponentHealth. */
export interface HarnessAgentComponentHealth {
  /** Servicev1HealthStatus: `HEALTHY`, `UNHEALTHY` or `HEALTH_STATUS_UNSET`. */
  status?: string;
  message?: string;
  k8sError?: string;
  version?: string;
}

/** The components V1AgentHealth reports, in the order Harness shows them. */
export const HARNESS_AGENT_COMPONENTS = [
  'harnessGitopsAgent',
  'argoAppController',
  'argoRepoServer',
  'argoRedisServer',
  'argoAppSetController',
] as const;

/** V1Agent, the parts the provider reads (AgentServiceForServerGet). */
export interface HarnessAgent {
  identifier?: string;
  name?: string;
  /** V1SemanticVersion: strings. */
  version?: { major?: string; minor?: string; patch?: string };
  upgradeAvailable?: boolean;
  metadata?: { highAvailability?: boolean; namespace?: string };
  health?: {
    lastHeartbeat?: string;
    /** V1ConnectedStatus: `CONNECTED`, `DISCONNECTED` or `CONNECTED_STATUS_UNSET`. */
    connectionStatus?: string;
  } & Partial<
    Record<
      (typeof HARNESS_AGENT_COMPONENTS)[number],
      HarnessAgentComponentHealth
    >
  >;
}

/** `servicev1Application`: Harness scoping around an Argo CD Application. */
export interface HarnessApplicationWrapper {
  agentIdentifier?: string;
  name?: string;
  app?: ArgoApplication;
}

export interface HarnessPage<T> {
  content?: T[] | null;
  items?: T[] | null;
}

export interface HarnessClusterWrapper extends ArgoCluster {
  identifier?: string;
  cluster?: ArgoCluster;
}

export interface HarnessRepositoryWrapper extends ArgoRepository {
  identifier?: string;
  repository?: ArgoRepository;
}

export interface HarnessApplicationSetWrapper extends ArgoApplicationSet {
  identifier?: string;
  applicationset?: ArgoApplicationSet;
  appset?: ArgoApplicationSet;
}
