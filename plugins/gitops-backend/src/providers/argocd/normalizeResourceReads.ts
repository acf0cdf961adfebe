import { sanitizeAgentText } from '@gitops-suite/plugin-gitops-common';
import type {
  ResourceEvent,
  ResourceLogEntry,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';

/** `applicationApplicationResourceResponse`: the manifest as a JSON string. */
export interface ArgoResourceResponse {
  manifest?: string;
}

/** `eventsEvent` (Argo CD's mirror of corev1.Event), the fields read here. */
export interface ArgoEvent {
  type?: string;
  reason?: string;
  message?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | { seconds?: number | string; nanos?: number } | null;
  metadata?: { creationTimestamp?: string };
  source?: { component?: string; host?: string };
  reportingComponent?: string;
  involvedObject?: {
    apiVersion?: string;
    kind?: string;
    namespace?: string;
    name?: string;
    uid?: string;
  };
}

/** `applicationLogEntry`, one per line of the logs stream (`{result}`). */
export interface ArgoLogEntry {
  content?: string;
  podName?: string;
  timeStamp?: string;
  timeStampStr?: string;
  last?: boolean;
}

/** The live object of a GetResource answer; empty when the agent sent none. */
export function normalizeManifest(
  raw: ArgoResourceResponse | undefined,
): Record<string, unknown> | undefined {
  if (!raw?.manifest) return undefined;
  const parsed = JSON.parse(raw.manifest);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? parsed
    : undefined;
}

/** A v1MicroTime (`{seconds, nanos}`) or a timestamp string as ISO text. */
export function isoTime(value: ArgoEvent['eventTime']): string | undefined {
  if (!value) return undefined;
  if (typeof value === 'string') return value;
  const seconds = Number(value.seconds);
  return Number.isFinite(seconds) && seconds > 0
    ? new Date(seconds * 1000).toISOString()
    : undefined;
}

function involvedObject(raw: ArgoEvent['involvedObject']): ResourceRef {
  const ref: ResourceRef = { kind: raw?.kind ?? '', name: raw?.name ?? '' };
  const [group, version] = (raw?.apiVersion ?? '').includes('/')
    ? (raw!.apiVersion as string).split('/', 2)
    : ['', raw?.apiVersion];
  if (group) ref.group = group;
  if (version) ref.version = version;
  if (raw?.namespace) ref.namespace = raw.namespace;
  if (raw?.uid) ref.uid = raw.uid;
  return ref;
}

/**
 * Kubernetes events, most recent first: first and last seen from the
 * events.k8s.io fields when the core ones are empty (series events carry
 * only `eventTime`).
 */
export function normalizeEvents(raw: ArgoEvent[]): ResourceEvent[] {
  const events = raw.map(event => {
    const first =
      event.firstTimestamp ??
      isoTime(event.eventTime) ??
      event.metadata?.creationTimestamp;
    const last = event.lastTimestamp ?? isoTime(event.eventTime) ?? first;
    const source = event.source?.component || event.reportingComponent;
    const normalized: ResourceEvent = {
      type: sanitizeAgentText(event.type || 'Normal'),
      reason: sanitizeAgentText(event.reason ?? ''),
      message: sanitizeAgentText(event.message ?? '', { multiline: true }),
      count: event.count && event.count > 0 ? event.count : 1,
      involvedObject: involvedObject(event.involvedObject),
    };
    if (first) normalized.firstSeen = first;
    if (last) normalized.lastSeen = last;
    if (source) normalized.source = sanitizeAgentText(source);
    return normalized;
  });
  return events.sort((a, b) =>
    (b.lastSeen ?? '').localeCompare(a.lastSeen ?? ''),
  );
}

/**
 * One log entry; undefined for the stream's closing `last` entry and for
 * entries without a pod (nothing to show).
 */
export function normalizeLogEntry(
  raw: ArgoLogEntry | undefined,
  container: string | undefined,
): ResourceLogEntry | undefined {
  if (!raw || raw.last || !raw.podName) return undefined;
  const entry: ResourceLogEntry = {
    pod: raw.podName,
    content: sanitizeAgentText(raw.content ?? '', { multiline: true }),
  };
  if (container) entry.container = container;
  const timestamp = raw.timeStamp || raw.timeStampStr;
  if (timestamp) entry.timestamp = timestamp;
  return entry;
}
