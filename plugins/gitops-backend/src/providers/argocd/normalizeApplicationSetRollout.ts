import {
  sanitizeAgentText,
  type GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ArgoApplicationSet,
  ArgoApplicationSetApplicationStatus,
  ArgoApplicationSetStrategy,
  ArgoIntOrString,
} from './argoCdTypes';
import { isoTime } from './normalizeResourceReads';

type Rollout = Pick<
  GitOpsApplicationSet,
  'strategy' | 'applicationStatus' | 'health' | 'resourcesCount'
>;

/** maxUpdate as text: `2`, `"2"`, `"25%"` or the proto's `{intVal}`/`{strVal}`. */
function maxUpdateText(
  value: ArgoIntOrString | null | undefined,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'string') {
    return String(value);
  }
  if (value.strVal !== undefined && Number(value.type) === 1) {
    return value.strVal;
  }
  if (value.intVal !== undefined) return String(value.intVal);
  return value.strVal;
}

function strategyOf(
  raw: ArgoApplicationSetStrategy | undefined,
): GitOpsApplicationSet['strategy'] {
  if (!raw?.type) return undefined;
  return {
    type: raw.type,
    steps: (raw.rollingSync?.steps ?? []).map((step, i) => {
      const normalized: NonNullable<
        GitOpsApplicationSet['strategy']
      >['steps'][number] = {
        step: i + 1,
        matchExpressions: (step.matchExpressions ?? []).map(e => ({
          key: e.key ?? '',
          operator: e.operator ?? '',
          values: e.values ?? [],
        })),
      };
      const maxUpdate = maxUpdateText(step.maxUpdate);
      if (maxUpdate !== undefined) normalized.maxUpdate = maxUpdate;
      return normalized;
    }),
  };
}

function applicationStatusOf(
  raw: ArgoApplicationSetApplicationStatus,
): NonNullable<GitOpsApplicationSet['applicationStatus']>[number] {
  const status: NonNullable<GitOpsApplicationSet['applicationStatus']>[number] =
    {
      application: raw.application ?? '',
      status: raw.status ?? '',
    };
  const step = Number(raw.step);
  if (raw.step !== undefined && raw.step !== '' && Number.isInteger(step)) {
    status.step = step;
  }
  if (raw.message) {
    status.message = sanitizeAgentText(raw.message, { multiline: true });
  }
  const revisions = raw.targetRevisions ?? raw.targetrevisions;
  if (revisions?.length) status.targetRevisions = [...revisions];
  const at = isoTime(raw.lastTransitionTime ?? undefined);
  if (at) status.lastTransitionTime = at;
  return status;
}

/**
 * A set's progressive sync (spec.strategy, status.applicationStatus) and
 * its own health and size (status.health, status.resourcesCount), from
 * Argo CD's payload or the Harness SDK models of it
 * (ApplicationsApplicationSetStrategy, ApplicationsApplicationSetStatus,
 * ApplicationsApplicationSetApplicationStatus), which marshal the proto:
 * `targetrevisions`, int-or-string as `{type, intVal, strVal}` and times
 * as `{seconds, nanos}`.
 */
export function normalizeApplicationSetRollout(
  raw: ArgoApplicationSet,
): Rollout {
  const rollout: Rollout = {};
  const strategy = strategyOf(raw.spec?.strategy);
  if (strategy) rollout.strategy = strategy;
  const statuses = raw.status?.applicationStatus ?? [];
  if (statuses.length) {
    rollout.applicationStatus = statuses
      .map(applicationStatusOf)
      .filter(s => s.application);
  }
  if (raw.status?.health?.status) {
    rollout.health = { status: raw.status.health.status };
    if (raw.status.health.message) {
      rollout.health.message = sanitizeAgentText(raw.status.health.message, {
        multiline: true,
      });
    }
  }
  const count = Number(raw.status?.resourcesCount);
  if (raw.status?.resourcesCount !== undefined && Number.isInteger(count)) {
    rollout.resourcesCount = count;
  }
  return rollout;
}
