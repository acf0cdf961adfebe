import {
  HealthStatusCode,
  HEALTH_STATUSES,
  ResourceDiff,
  ResourceNode,
  ResourceRef,
  ResourceTree,
  sanitizeAgentText,
  SyncStatusCode,
  SYNC_STATUSES,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ArgoResourceDiff,
  ArgoResourceKey,
  ArgoResourceStatus,
  ArgoResourceTree,
} from './argoCdTypes';

function health(status?: string): HealthStatusCode {
  return HEALTH_STATUSES.includes(status as HealthStatusCode)
    ? (status as HealthStatusCode)
    : 'Unknown';
}

function ref(raw: ArgoResourceKey): ResourceRef {
  const result: ResourceRef = { kind: raw.kind ?? '', name: raw.name ?? '' };
  if (raw.group) result.group = raw.group;
  if (raw.version) result.version = raw.version;
  if (raw.namespace) result.namespace = raw.namespace;
  if (raw.uid) result.uid = raw.uid;
  return result;
}

const sameRef = (a: ResourceRef, b: ResourceRef) =>
  a.kind === b.kind &&
  a.name === b.name &&
  (a.namespace ?? '') === (b.namespace ?? '') &&
  (a.group ?? '') === (b.group ?? '');

/**
 * The resource tree, with each node's sync status taken from the app's
 * `status.resources` (the tree carries health, the app carries sync).
 */
export function normalizeResourceTree(
  raw: ArgoResourceTree,
  appResources: ArgoResourceStatus[] = [],
): ResourceTree {
  const statuses = appResources.map(r => ({ ref: ref(r), status: r.status }));
  const nodes: ResourceNode[] = (raw.nodes ?? []).map(node => {
    const result: ResourceNode = {
      ...ref(node),
      parentRefs: (node.parentRefs ?? []).map(ref),
    };
    if (node.health?.status) {
      result.health = { status: health(node.health.status) };
      if (node.health.message) {
        result.health.message = sanitizeAgentText(node.health.message, {
          multiline: true,
        });
      }
    }
    const sync = statuses.find(s => sameRef(s.ref, result))?.status;
    if (sync) {
      result.syncStatus = SYNC_STATUSES.includes(sync as SyncStatusCode)
        ? (sync as SyncStatusCode)
        : 'Unknown';
    }
    if (node.images?.length) result.images = node.images;
    if (node.info?.length) {
      result.info = node.info.map(i => ({
        name: sanitizeAgentText(i.name ?? ''),
        value: sanitizeAgentText(i.value ?? ''),
      }));
    }
    if (node.createdAt) result.createdAt = node.createdAt;
    return result;
  });
  return { nodes };
}

function parseState(text: string | undefined): Record<string, unknown> | null {
  if (!text || text === 'null') return null;
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Desired vs live per managed resource, compared as Argo CD's own diff view
 * does: the normalized live state (ignored differences removed) against the
 * predicted live state (the live object as a sync would leave it), so that
 * fields the cluster owns (uid, resourceVersion, status, defaulted fields)
 * are alike on both sides and only the real drift differs. `modified` is the
 * agent's own verdict. An agent too old to send `predictedLiveState` is
 * compared against its plain `targetState`.
 */
export function normalizeResourceDiffs(
  items: ArgoResourceDiff[],
  appResources: ArgoResourceStatus[] = [],
): ResourceDiff[] {
  return items.map(item => {
    const base = ref(item);
    const targetState = parseState(item.predictedLiveState ?? item.targetState);
    const liveState = parseState(item.normalizedLiveState ?? item.liveState);
    const sync = appResources.find(r => sameRef(ref(r), base))?.status;
    const modified =
      item.modified ??
      JSON.stringify(targetState) !== JSON.stringify(liveState);
    const result: ResourceDiff = {
      ...base,
      targetState,
      liveState,
      modified: Boolean(modified),
    };
    if (sync) {
      result.syncStatus = SYNC_STATUSES.includes(sync as SyncStatusCode)
        ? (sync as SyncStatusCode)
        : 'Unknown';
    }
    if (item.hook) result.hook = true;
    return result;
  });
}
