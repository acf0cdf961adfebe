import { AuthService, DiscoveryService } from '@backstage/backend-plugin-api';
import {
  answerBody,
  gitopsApiClient,
  readAllFleetApplications,
  type GitOpsApiClient,
} from '@gitops-suite/plugin-gitops-common';
import { GitOpsApiReader } from './GitOpsApiReader';

/** The plugin id of the gitops backend, for service tokens. */
const GITOPS_PLUGIN_ID = 'gitops';

/**
 * Reads the gitops backend's HTTP API, through the client typed by its
 * OpenAPI spec, with a service token of the catalog plugin, so the backend's
 * own permissions and agent credentials apply.
 * @public
 */
export class GitOpsHttpReader implements GitOpsApiReader {
  private readonly discovery: DiscoveryService;
  private readonly auth: AuthService;

  constructor(options: { discovery: DiscoveryService; auth: AuthService }) {
    this.discovery = options.discovery;
    this.auth = options.auth;
  }

  async environments() {
    const body = await answerBody((await this.api()).GET('/environments'));
    return body.items;
  }

  async agents() {
    return answerBody((await this.api()).GET('/agents'));
  }

  async clusters() {
    return answerBody((await this.api()).GET('/clusters'));
  }

  /** Every application, every page (the backend answers 5,000 a page). */
  async applications() {
    return readAllFleetApplications(await this.api());
  }

  private async api(): Promise<GitOpsApiClient> {
    const { token } = await this.auth.getPluginRequestToken({
      onBehalfOf: await this.auth.getOwnServiceCredentials(),
      targetPluginId: GITOPS_PLUGIN_ID,
    });
    return gitopsApiClient({
      discoveryApi: this.discovery,
      headers: {
        Accept: 'application/json',
        ...(token && { Authorization: `Bearer ${token}` }),
      },
    });
  }
}
