import { AuthService, DiscoveryService } from '@backstage/backend-plugin-api';
import { ResponseError } from '@backstage/errors';
import type {
  GitOpsApplication,
  GitOpsCluster,
} from '@gitops-suite/plugin-gitops-common';
import {
  GitOpsAgentItem,
  GitOpsApiReader,
  GitOpsEnvironmentItem,
  GitOpsListResponse,
} from './GitOpsApiReader';

/** The plugin id of the gitops backend, for discovery and service tokens. */
const GITOPS_PLUGIN_ID = 'gitops';

/**
 * Reads the gitops backend's HTTP API with a service token of the catalog
 * plugin, so the backend's own permissions and agent credentials apply.
 * @public
 */
export class GitOpsHttpReader implements GitOpsApiReader {
  private readonly discovery: DiscoveryService;
  private readonly auth: AuthService;

  constructor(options: { discovery: DiscoveryService; auth: AuthService }) {
    this.discovery = options.discovery;
    this.auth = options.auth;
  }

  async environments(): Promise<GitOpsEnvironmentItem[]> {
    const body = await this.get<{ items: GitOpsEnvironmentItem[] }>(
      '/environments',
    );
    return body.items ?? [];
  }

  agents(): Promise<GitOpsListResponse<GitOpsAgentItem>> {
    return this.list('/agents');
  }

  clusters(): Promise<GitOpsListResponse<GitOpsCluster>> {
    return this.list('/clusters');
  }

  applications(): Promise<GitOpsListResponse<GitOpsApplication>> {
    return this.list('/fleet/applications');
  }

  private async list<T>(path: string): Promise<GitOpsListResponse<T>> {
    const body = await this.get<Partial<GitOpsListResponse<T>>>(path);
    return { items: body.items ?? [], errors: body.errors ?? [] };
  }

  private async get<T>(path: string): Promise<T> {
    const baseUrl = await this.discovery.getBaseUrl(GITOPS_PLUGIN_ID);
    const { token } = await this.auth.getPluginRequestToken({
      onBehalfOf: await this.auth.getOwnServiceCredentials(),
      targetPluginId: GITOPS_PLUGIN_ID,
    });
    const response = await fetch(`${baseUrl}${path}`, {
      headers: {
        Accept: 'application/json',
        ...(token && { Authorization: `Bearer ${token}` }),
      },
    });
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return (await response.json()) as T;
  }
}
