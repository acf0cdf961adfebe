import {
  AuthService,
  BackstageCredentials,
  DiscoveryService,
} from '@backstage/backend-plugin-api';
import { ForwardedError, ResponseError } from '@backstage/errors';
import type { GitOpsApplication } from '@gitops-suite/plugin-gitops-common';

/** The gitops backend's plugin id, for discovery and service tokens. */
const GITOPS_PLUGIN_ID = 'gitops';

/** Identifies one application of a catalog entity. */
export interface EntityApplicationRef {
  /** The owning entity, `kind:namespace/name`. */
  entityRef: string;
  agentId: string;
  appName: string;
  /** The Application's own namespace, for apps in any namespace. */
  appNamespace?: string;
}

/** The answer of an ApplicationSet create/upsert. */
export interface CreateApplicationSetResponse {
  auditId?: string;
  applicationSet: { name: string; [key: string]: unknown };
  dryRun: boolean;
}

/** The answer of a sync request. */
export interface SyncApplicationResponse {
  auditId?: string;
  application: GitOpsApplication;
}

function parseEntityRef(ref: string) {
  const match = /^([^:/]+):(?:([^/]+)\/)?(.+)$/.exec(ref);
  if (!match) {
    throw new Error(
      `Invalid entity ref '${ref}', expected kind:namespace/name`,
    );
  }
  return {
    kind: match[1].toLocaleLowerCase('en-US'),
    namespace: match[2] ?? 'default',
    name: match[3],
  };
}

/**
 * Calls the gitops backend plugin's HTTP API on behalf of the task's
 * initiator, so its permissions, audit and agent credentials apply: the
 * actions never talk to an agent directly.
 */
export class GitOpsBackendClient {
  private readonly discovery: DiscoveryService;
  private readonly auth: AuthService;

  constructor(options: { discovery: DiscoveryService; auth: AuthService }) {
    this.discovery = options.discovery;
    this.auth = options.auth;
  }

  async createApplicationSet(
    request: {
      agentId: string;
      manifest: Record<string, unknown>;
      upsert: boolean;
      dryRun: boolean;
      entityRef?: string;
    },
    credentials: BackstageCredentials,
  ): Promise<CreateApplicationSetResponse> {
    const { agentId, ...body } = request;
    return this.call(
      'POST',
      `/agents/${encodeURIComponent(agentId)}/applicationsets`,
      credentials,
      body,
    );
  }

  async syncApplication(
    ref: EntityApplicationRef,
    body: { prune?: boolean; dryRun?: boolean; revision?: string },
    credentials: BackstageCredentials,
  ): Promise<SyncApplicationResponse> {
    return this.call(
      'POST',
      `${this.applicationPath(ref)}/sync`,
      credentials,
      body,
    );
  }

  async getApplication(
    ref: EntityApplicationRef,
    credentials: BackstageCredentials,
  ): Promise<GitOpsApplication> {
    const response = await this.call<{ application: GitOpsApplication }>(
      'GET',
      this.applicationPath(ref),
      credentials,
    );
    return response.application;
  }

  private applicationPath(ref: EntityApplicationRef): string {
    const entity = parseEntityRef(ref.entityRef);
    const query = ref.appNamespace
      ? `?appNamespace=${encodeURIComponent(ref.appNamespace)}`
      : '';
    return `/entity/${[
      entity.namespace,
      entity.kind,
      entity.name,
      'applications',
      ref.agentId,
      ref.appName,
    ]
      .map(encodeURIComponent)
      .join('/')}${query}`;
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    credentials: BackstageCredentials,
    body?: unknown,
  ): Promise<T> {
    const baseUrl = await this.discovery.getBaseUrl(GITOPS_PLUGIN_ID);
    const { token } = await this.auth.getPluginRequestToken({
      onBehalfOf: credentials,
      targetPluginId: GITOPS_PLUGIN_ID,
    });
    const [pathname, search] = path.split('?');
    const url = `${baseUrl}${pathname}${search ? `?${search}` : ''}`;
    const response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) {
      // Name the request and keep the backend's own error (its name, e.g.
      // NotAllowedError, and its message): "Request failed with 404" alone
      // does not tell a template author what went wrong.
      const error = await ResponseError.fromResponse(response);
      throw new ForwardedError(
        `The gitops backend answered ${method} ${pathname} with ${response.status} ${response.statusText}`.trimEnd(),
        error.cause,
      );
    }
    return (await response.json()) as T;
  }
}
