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

export interface HarnessAgent {
  identifier?: string;
  name?: string;
  version?: { Version?: string; version?: string } | string;
  health?: {
    lastHeartbeat?: string;
    connectionStatus?: string;
    [component: string]: unknown;
  };
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
