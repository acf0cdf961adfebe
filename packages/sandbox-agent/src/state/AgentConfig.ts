import { AgentSpec, FaultConfig } from '../scenario/schema';

/** An agent's settings with every default applied. */
export interface AgentConfig {
  id: string;
  kind: 'argocd' | 'harness';
  title?: string;
  region?: string;
  token: string;
  username: string;
  password: string;
  tokens: Array<{ token: string; name?: string; projects?: string[]; readOnly?: boolean }>;
  forbiddenProjects: string[];
  /** Argo CD version (/api/version). */
  version: string;
  /** Argo CD control-plane namespace. */
  namespace: string;
  syncDurationMs: number;
  selfHealDelayMs: number;
  inlineHealth: boolean;
  maskSecretData: boolean;
  stopMode: 'reset' | 'unavailable';
  faults: FaultConfig;
  harness?: {
    accountIdentifier: string;
    orgIdentifier?: string;
    projectIdentifier?: string;
    agentIdentifier: string;
    name: string;
    type: 'MANAGED_ARGO_PROVIDER' | 'CONNECTED_ARGO_PROVIDER';
    version: string;
    scope: 'ACCOUNT' | 'ORG' | 'PROJECT';
    upgradeAvailable: boolean;
    highAvailability: boolean;
    /** Found through its account only (not among the configured agents). */
    foundByAccount: boolean;
    components: NonNullable<NonNullable<AgentSpec['harness']>['components']>;
  };
}

export const DEFAULT_ARGOCD_VERSION = 'v2.14.11+8283115';

/** The scope a Harness agent identifier names by its prefix. */
function harnessScope(agentIdentifier: string): 'ACCOUNT' | 'ORG' | 'PROJECT' {
  if (agentIdentifier.startsWith('account.')) return 'ACCOUNT';
  if (agentIdentifier.startsWith('org.')) return 'ORG';
  return 'PROJECT';
}

export function agentConfig(spec: AgentSpec): AgentConfig {
  const h = spec.harness;
  return {
    id: spec.id,
    kind: spec.kind,
    title: spec.title,
    region: spec.region,
    token: spec.token,
    username: spec.username ?? 'admin',
    password: spec.password ?? `${spec.id}-admin-password`,
    tokens: spec.tokens ?? [],
    forbiddenProjects: spec.forbiddenProjects ?? [],
    version: spec.version ?? DEFAULT_ARGOCD_VERSION,
    namespace: spec.namespace ?? 'argocd',
    syncDurationMs: spec.syncDurationMs ?? 1500,
    selfHealDelayMs: spec.selfHealDelayMs ?? 5000,
    inlineHealth: spec.resourceHealthSource === 'inline',
    maskSecretData: spec.maskSecretData ?? false,
    stopMode: spec.stopMode ?? 'reset',
    faults: spec.faults ?? {},
    harness: h
      ? {
          accountIdentifier: h.accountIdentifier,
          orgIdentifier: h.orgIdentifier,
          projectIdentifier: h.projectIdentifier,
          agentIdentifier: h.agentIdentifier,
          name: h.name ?? h.agentIdentifier.replace(/^(account|org)\./, ''),
          type: h.type ?? 'MANAGED_ARGO_PROVIDER',
          version: h.version ?? '0.92.3',
          scope: harnessScope(h.agentIdentifier),
          upgradeAvailable: h.upgradeAvailable ?? false,
          highAvailability: h.highAvailability ?? false,
          foundByAccount: h.foundByAccount ?? false,
          components: h.components ?? {},
        }
      : undefined,
  };
}
