import type {
  ResourceEvent,
  ResourceLogEntry,
  ResourceNode,
  ResourceTree,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsAgentError,
  ProviderCallOptions,
  ResourceLogQuery,
  ResourceTarget,
} from '@gitops-suite/plugin-gitops-node';
import { AgentHttpClient } from '../http/AgentHttpClient';
import { JsonLinesStream, readJsonLines } from '../http/readJsonLines';
import type { ArgoApiRouteScheme } from './argoApiRouteScheme';
import {
  ArgoEvent,
  ArgoLogEntry,
  ArgoResourceResponse,
  normalizeEvents,
  normalizeLogEntry,
  normalizeManifest,
} from './normalizeResourceReads';
import { normalizeRollout } from './normalizeRollout';

const isKind = (node: ResourceNode, kind: string) =>
  node.group === 'argoproj.io' && node.kind === kind;

/** A tree node as a read names it (what it is, not how it is). */
const targetOf = (node: ResourceNode): ResourceTarget => {
  const { group, version, kind, namespace, name, uid } = node;
  return { group, version, kind, namespace, name, uid };
};

/** A log stream: it ends when the agent sent what was asked. */
const LOG_STREAM: JsonLinesStream = {
  name: 'log stream',
  line: 'log line',
  mayEnd: true,
};

/**
 * The drawer's per-resource reads over one route scheme: the live manifest
 * (GetResource), the events (ListResourceEvents) and the pods' log lines
 * (PodLogs2, newline-delimited `{result}` entries), normalized here.
 */
export class ArgoResourceReads {
  constructor(
    private readonly http: AgentHttpClient,
    private readonly scheme: ArgoApiRouteScheme,
  ) {}

  async manifest(
    ref: ApplicationRef,
    resource: ResourceTarget,
    options?: ProviderCallOptions,
  ): Promise<Record<string, unknown>> {
    const raw = await this.http.json<ArgoResourceResponse>({
      ...this.scheme.resource(ref, resource),
      signal: options?.signal,
    });
    let manifest: Record<string, unknown> | undefined;
    try {
      manifest = normalizeManifest(raw);
    } catch {
      throw this.http.error(
        'malformed_response',
        `sent a manifest of ${resource.kind} ${resource.name} that is not JSON`,
      );
    }
    if (!manifest) {
      throw this.http.error(
        'not_found',
        `has no live manifest of ${resource.kind} ${resource.name}`,
        404,
      );
    }
    return manifest;
  }

  /**
   * Gives each Argo Rollouts Rollout of a resource tree its summary
   * (normalizeRollout), from its live object and its newest AnalysisRun
   * (the one its status names, else the newest it owns): two reads per
   * Rollout, none for a tree without one. A Rollout the agent cannot
   * read now is left without a summary; the tree is still answered.
   */
  async rollouts(
    ref: ApplicationRef,
    tree: ResourceTree,
    options?: ProviderCallOptions,
  ): Promise<void> {
    const rollouts = tree.nodes.filter(node => isKind(node, 'Rollout'));
    await Promise.all(
      rollouts.map(async node => {
        try {
          const live = await this.manifest(ref, targetOf(node), options);
          const status = (live.status ?? {}) as Record<string, any>;
          const named =
            status.canary?.currentStepAnalysisRunStatus?.name ??
            status.canary?.currentBackgroundAnalysisRunStatus?.name;
          const owned = tree.nodes
            .filter(
              n =>
                isKind(n, 'AnalysisRun') &&
                n.parentRefs.some(
                  p => p.kind === 'Rollout' && p.name === node.name,
                ),
            )
            .sort((a, b) =>
              (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
            );
          const run = owned.find(n => n.name === named) ?? owned[0];
          const runs = run
            ? [await this.manifest(ref, targetOf(run), options)]
            : [];
          node.rollout = normalizeRollout(live, runs);
        } catch (error) {
          if (!(error instanceof GitOpsAgentError)) throw error;
        }
      }),
    );
  }

  async events(
    ref: ApplicationRef,
    resource: ResourceTarget,
    options?: ProviderCallOptions,
  ): Promise<ResourceEvent[]> {
    const raw = await this.http.json<{ items?: ArgoEvent[] | null }>({
      ...this.scheme.resourceEvents(ref, resource),
      signal: options?.signal,
    });
    return normalizeEvents(raw?.items ?? []);
  }

  /** Reads the stream until its `last` entry, its end, or the signal. */
  async logs(
    ref: ApplicationRef,
    resource: ResourceTarget,
    query: ResourceLogQuery,
    onEntry: (entry: ResourceLogEntry) => void,
    options: ProviderCallOptions & { signal: AbortSignal },
  ): Promise<void> {
    const { signal } = options;
    const response = await this.http.stream({
      ...this.scheme.resourceLogs(ref, resource, query),
      signal,
    });
    await readJsonLines(
      this.http,
      response,
      signal,
      value => this.readLine(value, query, onEntry),
      LOG_STREAM,
    );
  }

  /** Hands one stream line on; true once the agent says it was the last. */
  private readLine(
    line: unknown,
    query: ResourceLogQuery,
    onEntry: (entry: ResourceLogEntry) => void,
  ): boolean {
    const value = line as {
      result?: ArgoLogEntry;
      error?: { message?: string };
    } | null;
    if (value?.error) {
      throw this.http.error(
        'upstream_error',
        `broke off its log stream: ${value.error.message ?? 'unknown error'}`,
      );
    }
    const entry = normalizeLogEntry(value?.result, query.container);
    if (entry) onEntry(entry);
    return Boolean(value?.result?.last);
  }
}
