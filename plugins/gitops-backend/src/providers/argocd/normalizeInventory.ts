import {
  GitOpsCluster,
  GitOpsRepository,
  sanitizeAgentText,
} from '@gitops-suite/plugin-gitops-common';
import type { ArgoCluster, ArgoRepository } from './argoCdTypes';

/**
 * A cluster without its `config` (bearer tokens, TLS keys, exec providers):
 * only what a portal may show.
 */
export function normalizeCluster(
  raw: ArgoCluster & { identifier?: string },
  agentId: string,
  region?: string,
): GitOpsCluster {
  const state = raw.connectionState ?? raw.info?.connectionState ?? {};
  const result: GitOpsCluster = {
    agentId,
    name: raw.name ?? raw.server ?? '',
    // a Harness agent's identifier of the cluster
    ...(raw.identifier && { identifier: raw.identifier }),
    server: raw.server ?? '',
    connectionState: {
      status: state.status ?? 'Unknown',
      ...(state.message && {
        message: sanitizeAgentText(state.message, { multiline: true }),
      }),
      ...(state.attemptedAt && { attemptedAt: state.attemptedAt }),
    },
    labels: raw.labels ?? {},
  };
  const version = raw.info?.serverVersion ?? raw.serverVersion;
  if (version) result.serverVersion = version;
  if (raw.namespaces?.length) result.namespaces = raw.namespaces;
  const clusterRegion =
    raw.labels?.region ??
    raw.labels?.['topology.kubernetes.io/region'] ??
    region;
  if (clusterRegion) result.region = clusterRegion;
  return result;
}

/** A repository without its credentials: only whether it has any. */
export function normalizeRepository(
  raw: ArgoRepository,
  agentId: string,
): GitOpsRepository {
  const result: GitOpsRepository = {
    agentId,
    repo: raw.repo ?? '',
    type: raw.type ?? 'git',
    hasCredentials: Boolean(
      raw.username ||
        raw.password ||
        raw.sshPrivateKey ||
        raw.tlsClientCertKey ||
        raw.githubAppPrivateKey,
    ),
  };
  if (raw.name) result.name = raw.name;
  if (raw.project) result.project = raw.project;
  if (raw.insecure !== undefined) result.insecure = raw.insecure;
  if (raw.connectionState?.status) {
    result.connectionState = {
      status: raw.connectionState.status,
      ...(raw.connectionState.message && {
        message: sanitizeAgentText(raw.connectionState.message, {
          multiline: true,
        }),
      }),
      ...(raw.connectionState.attemptedAt && {
        attemptedAt: raw.connectionState.attemptedAt,
      }),
    };
  }
  return result;
}
