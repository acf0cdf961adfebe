import {
  GitOpsApplication,
  GitOpsApplicationSet,
} from '@gitops-suite/plugin-gitops-common';
import {
  ListSnapshot,
  ProviderCallOptions,
  WatchOptions,
} from '@gitops-suite/plugin-gitops-node';
import { AgentHttpClient, AgentQuery } from '../http/AgentHttpClient';
import { readJsonLines } from '../http/readJsonLines';
import { readAgentErrorMessage } from '../http/readAgentErrorMessage';
import type {
  ArgoApplication,
  ArgoApplicationList,
  ArgoApplicationSet,
} from './argoCdTypes';
import {
  LEAN_APPLICATION_FIELDS,
  LEAN_APPLICATION_WATCH_FIELDS,
} from './leanFields';
import { normalizeApplication, NormalizeContext } from './normalizeApplication';
import { normalizeApplicationSet } from './normalizeApplicationSet';

type WatchLine = {
  result?: {
    type?: string;
    application?: ArgoApplication;
    applicationSet?: ArgoApplicationSet;
  };
  error?: unknown;
};

const EVENT_TYPES = ['ADDED', 'MODIFIED', 'DELETED'] as const;

/**
 * Whole lists are read in the background, not for a waiting page: they may
 * take longer than the agent's per-call timeout (10,000 applications).
 */
const LIST_TIMEOUT_MS = 60_000;

/**
 * Argo CD's list-then-watch, as its own UI does it: a lean list with its
 * resourceVersion, then `/api/v1/stream/...` from that version with
 * `fields` prefixed `result.application.`. Paths are relative to the base
 * the client was made with, so a Harness agent's Argo CD-shaped API can use
 * the same reader.
 */
export class ArgoCdWatcher {
  constructor(
    private readonly http: AgentHttpClient,
    private readonly context: NormalizeContext,
    private readonly paths = {
      applications: '/api/v1/applications',
      applicationSets: '/api/v1/applicationsets',
      streamApplications: '/api/v1/stream/applications',
      streamApplicationSets: '/api/v1/stream/applicationsets',
    },
    private readonly query: (q: AgentQuery) => AgentQuery = q => q,
  ) {}

  async snapshotApplications(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>> {
    const list = await this.http.json<ArgoApplicationList>({
      path: this.paths.applications,
      query: this.query({ fields: LEAN_APPLICATION_FIELDS }),
      signal: options?.signal,
      timeoutMs: LIST_TIMEOUT_MS,
    });
    return {
      items: (list.items ?? []).map(app =>
        normalizeApplication(app, this.context),
      ),
      resourceVersion: list.metadata?.resourceVersion,
    };
  }

  async snapshotApplicationSets(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplicationSet>> {
    const list = await this.http.json<{
      metadata?: { resourceVersion?: string };
      items?: ArgoApplicationSet[] | null;
    }>({
      path: this.paths.applicationSets,
      signal: options?.signal,
      timeoutMs: LIST_TIMEOUT_MS,
    });
    return {
      items: (list.items ?? []).map(set =>
        normalizeApplicationSet(set, this.context.agentId),
      ),
      resourceVersion: list.metadata?.resourceVersion,
    };
  }

  watchApplications(options: WatchOptions<GitOpsApplication>): Promise<void> {
    return this.watch(
      this.paths.streamApplications,
      { fields: LEAN_APPLICATION_WATCH_FIELDS },
      options,
      result =>
        result.application &&
        normalizeApplication(result.application, this.context),
    );
  }

  watchApplicationSets(
    options: WatchOptions<GitOpsApplicationSet>,
  ): Promise<void> {
    return this.watch(
      this.paths.streamApplicationSets,
      {},
      options,
      result =>
        result.applicationSet &&
        normalizeApplicationSet(result.applicationSet, this.context.agentId),
    );
  }

  private async watch<T>(
    path: string,
    query: AgentQuery,
    options: WatchOptions<T>,
    normalize: (result: NonNullable<WatchLine['result']>) => T | undefined,
  ): Promise<void> {
    const { signal } = options;
    const response = await this.http.stream({
      path,
      query: this.query({
        ...query,
        resourceVersion: options.resourceVersion,
      }),
      signal,
      // a background call: the page-facing timeout would cut stream opens
      // whenever this process is busy (loading other agents), and each cut
      // causes a resync that keeps it busy
      timeoutMs: LIST_TIMEOUT_MS,
    });
    options.onOpen?.();
    await readJsonLines(this.http, response, signal, value => {
      const line = value as WatchLine;
      if (line?.error !== undefined) {
        const detail = readAgentErrorMessage(line.error);
        throw this.http.error(
          'upstream_error',
          `ended its watch stream with an error${detail ? `: ${detail}` : ''}`,
        );
      }
      const type = line?.result?.type as (typeof EVENT_TYPES)[number];
      const object = line?.result && normalize(line.result);
      if (!EVENT_TYPES.includes(type) || !object) {
        throw this.http.error(
          'malformed_response',
          'sent a watch event without a type or object',
        );
      }
      options.onEvent({ type, object });
    });
  }
}
