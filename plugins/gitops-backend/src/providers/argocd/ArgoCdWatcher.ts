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
  leanArgoApplication,
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

/** A call without its signal and timeout. */
type WatchCall = { path: string; query?: AgentQuery };

/**
 * Where an API keeps its list-then-watch, and how its payloads come: Argo
 * CD's own routes ({@link argoCdWatchRoutes}) or a gateway's in front of
 * Argo CD (Harness's AgentApplicationServiceList and
 * AgentApplicationServiceWatch).
 */
export interface WatchRoutes {
  /** The lean application list, whose `metadata.resourceVersion` the watch starts from. */
  applications: WatchCall;
  /** The application stream, from a resourceVersion (every application first without one). */
  streamApplications(resourceVersion?: string): WatchCall;
  /**
   * Whether the API selects the lean fields itself (Argo CD's `fields`);
   * when it cannot, lists and events are cut to lean here, before
   * normalizing, so every lean application looks the same.
   */
  selectsFields: boolean;
  /** The Argo CD Application in a list item or an event (a gateway may wrap it). */
  unwrap(body: unknown): ArgoApplication;
  /** The ApplicationSet list and stream, where the API has them. */
  applicationSets?: WatchCall;
  streamApplicationSets?(resourceVersion?: string): WatchCall;
}

/** Argo CD's own: `/api/v1/...`, with `fields` as its UI sends them. */
export const argoCdWatchRoutes: WatchRoutes = {
  applications: {
    path: '/api/v1/applications',
    query: { fields: LEAN_APPLICATION_FIELDS },
  },
  streamApplications: resourceVersion => ({
    path: '/api/v1/stream/applications',
    query: { fields: LEAN_APPLICATION_WATCH_FIELDS, resourceVersion },
  }),
  selectsFields: true,
  unwrap: body => body as ArgoApplication,
  applicationSets: { path: '/api/v1/applicationsets' },
  streamApplicationSets: resourceVersion => ({
    path: '/api/v1/stream/applicationsets',
    query: { resourceVersion },
  }),
};

/**
 * Argo CD's list-then-watch, as its own UI does it: a lean list with its
 * resourceVersion, then the stream from that version, each event
 * normalized once here. The routes say where (Argo CD's, or a Harness
 * agent's Argo CD-shaped API); the reading, the error lines and the event
 * checks are the same for both.
 */
export class ArgoCdWatcher {
  constructor(
    private readonly http: AgentHttpClient,
    private readonly context: NormalizeContext,
    private readonly routes: WatchRoutes = argoCdWatchRoutes,
  ) {}

  /** An application of a list or an event, lean and normalized. */
  private application(body: unknown): GitOpsApplication {
    const app = this.routes.unwrap(body);
    return normalizeApplication(
      this.routes.selectsFields ? app : leanArgoApplication(app),
      this.context,
    );
  }

  /** A route the API has, or a clear error for one it does not. */
  private route<T>(route: T | undefined, what: string): T {
    if (!route) {
      throw this.http.error('not_found', `has no ${what} to watch`);
    }
    return route;
  }

  async snapshotApplications(
    options?: ProviderCallOptions,
  ): Promise<ListSnapshot<GitOpsApplication>> {
    const list = await this.http.json<ArgoApplicationList>({
      ...this.routes.applications,
      signal: options?.signal,
      timeoutMs: LIST_TIMEOUT_MS,
    });
    return {
      items: (list.items ?? []).map(app => this.application(app)),
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
      ...this.route(this.routes.applicationSets, 'ApplicationSets'),
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
      this.routes.streamApplications(options.resourceVersion),
      options,
      result => result.application && this.application(result.application),
    );
  }

  watchApplicationSets(
    options: WatchOptions<GitOpsApplicationSet>,
  ): Promise<void> {
    const stream = this.route(
      this.routes.streamApplicationSets,
      'ApplicationSet stream',
    );
    return this.watch(
      stream(options.resourceVersion),
      options,
      result =>
        result.applicationSet &&
        normalizeApplicationSet(result.applicationSet, this.context.agentId),
    );
  }

  private async watch<T>(
    call: WatchCall,
    options: WatchOptions<T>,
    normalize: (result: NonNullable<WatchLine['result']>) => T | undefined,
  ): Promise<void> {
    const { signal } = options;
    const response = await this.http.stream({
      ...call,
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
