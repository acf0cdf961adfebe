import {
  GitOpsApplicationSet,
  sanitizeAgentText,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ArgoApplicationSet,
  ArgoApplicationSetGenerator,
} from './argoCdTypes';
import { normalizeApplicationSetRollout } from './normalizeApplicationSetRollout';

function describeGenerator(generator: ArgoApplicationSetGenerator): {
  kind: string;
  summary: string;
  elements?: number;
} {
  const kind = Object.keys(generator).find(k => k !== 'selector') ?? 'unknown';
  const body = (generator[kind] ?? {}) as Record<string, unknown>;
  switch (kind) {
    case 'list': {
      const elements = Array.isArray(body.elements) ? body.elements.length : 0;
      return { kind, summary: `${elements} element(s)`, elements };
    }
    case 'clusters': {
      const selector = body.selector as
        | { matchLabels?: Record<string, string> }
        | undefined;
      const labels = Object.entries(selector?.matchLabels ?? {})
        .map(([k, v]) => `${k}=${v}`)
        .join(',');
      return {
        kind,
        summary: labels ? `clusters matching ${labels}` : 'every cluster',
      };
    }
    case 'git': {
      const dirs = Array.isArray(body.directories) ? body.directories : [];
      const files = Array.isArray(body.files) ? body.files : [];
      const paths = [...dirs, ...files]
        .map(d => (d as { path?: string }).path)
        .filter(Boolean)
        .join(', ');
      return {
        kind,
        summary: `${String(body.repoURL ?? '')}${paths ? ` (${paths})` : ''}`,
      };
    }
    case 'matrix':
    case 'merge': {
      const nested = Array.isArray(body.generators) ? body.generators : [];
      return {
        kind,
        summary: nested
          .map(g => describeGenerator(g as ArgoApplicationSetGenerator).kind)
          .join(' x '),
      };
    }
    default:
      return { kind, summary: kind };
  }
}

/** An ApplicationSet: its generators, its template and the apps it made. */
export function normalizeApplicationSet(
  raw: ArgoApplicationSet,
  agentId: string,
  generatedApps: string[] = [],
): GitOpsApplicationSet {
  const template = raw.spec?.template;
  const source = template?.spec?.source ?? template?.spec?.sources?.[0];
  const fromStatus = (raw.status?.resources ?? [])
    .map(r => r.name)
    .filter((n): n is string => Boolean(n));
  const result: GitOpsApplicationSet = {
    agentId,
    name: raw.metadata?.name ?? '',
    generators: (raw.spec?.generators ?? []).map(describeGenerator),
    template: {
      name: template?.metadata?.name,
      project: template?.spec?.project,
      repoURL: source?.repoURL,
      path: source?.path,
      targetRevision: source?.targetRevision,
      destinationServer: template?.spec?.destination?.server,
      destinationNamespace: template?.spec?.destination?.namespace,
    },
    applications: [...new Set([...fromStatus, ...generatedApps])].sort(),
  };
  if (raw.metadata?.namespace) result.namespace = raw.metadata.namespace;
  if (template?.spec?.project) result.project = template.spec.project;
  if (raw.metadata?.creationTimestamp) {
    result.createdAt = raw.metadata.creationTimestamp;
  }
  if (raw.status?.conditions?.length) {
    result.conditions = raw.status.conditions.map(c => ({
      type: c.type ?? '',
      status: c.status ?? '',
      message: c.message && sanitizeAgentText(c.message, { multiline: true }),
    }));
  }
  return { ...result, ...normalizeApplicationSetRollout(raw) };
}
