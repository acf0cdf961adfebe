import {
  AuthService,
  BackstageCredentials,
  DiscoveryService,
} from '@backstage/backend-plugin-api';
import { ForwardedError, ResponseError } from '@backstage/errors';
import {
  answerBody,
  applicationRouteParams,
  entityRouteParams,
  gitopsApiClient,
  type EntityApplicationRef,
  type GitOpsApiClient,
  type GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';

/** The gitops backend's plugin id, for service tokens. */
const GITOPS_PLUGIN_ID = 'gitops';

type ApplicationSetRequest = GitOpsApiRequestBody<
  '/agents/{agentId}/applicationsets',
  'post'
>;

/**
 * Calls the gitops backend plugin's HTTP API on behalf of the task's
 * initiator, through the client typed by the backend's OpenAPI spec, so its
 * permissions, audit and agent credentials apply: the actions never talk to
 * an agent directly.
 */
export class GitOpsBackendClient {
  private readonly discovery: DiscoveryService;
  private readonly auth: AuthService;

  constructor(options: { discovery: DiscoveryService; auth: AuthService }) {
    this.discovery = options.discovery;
    this.auth = options.auth;
  }

  async createApplicationSet(
    request: { agentId: string; manifest: Record<string, unknown> } & Omit<
      ApplicationSetRequest,
      'manifest'
    >,
    credentials: BackstageCredentials,
  ) {
    const { agentId, ...rest } = request;
    // the actions check the manifest against the ApplicationSet CRD; the
    // backend checks the request against its spec and names what is wrong
    const body = rest as ApplicationSetRequest;
    return this.call(credentials, 'POST', api =>
      api.POST('/agents/{agentId}/applicationsets', {
        params: { path: { agentId } },
        body,
      }),
    );
  }

  /**
   * What an ApplicationSet would generate on an agent, and what the trust
   * model refuses of it for `entityRef`'s owners; nothing is created.
   */
  async previewApplicationSet(
    request: {
      agentId: string;
      manifest: Record<string, unknown>;
      entityRef: string;
    },
    credentials: BackstageCredentials,
  ) {
    const { agentId, ...body } = request;
    return this.call(credentials, 'POST', api =>
      api.POST('/agents/{agentId}/applicationsets/generate', {
        params: { path: { agentId } },
        body: body as GitOpsApiRequestBody<
          '/agents/{agentId}/applicationsets/generate',
          'post'
        >,
      }),
    );
  }

  /**
   * Where a new service of `owner` deploys through an agent: the owner's
   * project and a cluster the agent serves each environment on.
   */
  async deploymentTargets(
    request: {
      agentId: string;
      owner: string;
      environments: string[];
      project?: string;
    },
    credentials: BackstageCredentials,
  ) {
    const { agentId, owner, environments, project } = request;
    return this.call(credentials, 'GET', api =>
      api.GET('/agents/{agentId}/deployment-targets', {
        params: {
          path: { agentId },
          query: { owner, environment: environments, project },
        },
      }),
    );
  }

  /**
   * The one write decision, asked before a git write: may the entity's
   * owners change `paths` of `repoUrl` (the applications deployed from
   * them must be theirs)? Nothing is changed.
   */
  async decideGitWrite(
    request: { entityRef: string } & GitOpsApiRequestBody<
      '/entity/{namespace}/{kind}/{name}/git-writes/authorize',
      'post'
    >,
    credentials: BackstageCredentials,
  ) {
    const { entityRef, ...body } = request;
    return this.call(credentials, 'POST', api =>
      api.POST('/entity/{namespace}/{kind}/{name}/git-writes/authorize', {
        params: { path: entityRouteParams(entityRef) },
        body,
      }),
    );
  }

  async syncApplication(
    ref: EntityApplicationRef,
    body: GitOpsApiRequestBody<
      '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync',
      'post'
    >,
    credentials: BackstageCredentials,
  ) {
    return this.call(credentials, 'POST', api =>
      api.POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync',
        { params: applicationRouteParams(ref), body },
      ),
    );
  }

  /** Rolls an application back in Git (a revert pull request; a dry run opens none). */
  async revertApplication(
    ref: EntityApplicationRef,
    body: GitOpsApiRequestBody<
      '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/revert',
      'post'
    >,
    credentials: BackstageCredentials,
  ) {
    return this.call(credentials, 'POST', api =>
      api.POST(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/revert',
        { params: applicationRouteParams(ref), body },
      ),
    );
  }

  async getApplication(
    ref: EntityApplicationRef,
    credentials: BackstageCredentials,
  ) {
    const body = await this.call(credentials, 'GET', api =>
      api.GET(
        '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}',
        { params: applicationRouteParams(ref) },
      ),
    );
    return body.application;
  }

  /**
   * One call on behalf of `credentials`. A refusal names the request and
   * keeps the backend's own error (its name, e.g. NotAllowedError, and its
   * message): "Request failed with 404" alone does not tell a template
   * author what went wrong.
   */
  private async call<T>(
    credentials: BackstageCredentials,
    method: 'GET' | 'POST',
    request: (
      api: GitOpsApiClient,
    ) => Promise<{ data?: T; response: Response }>,
  ): Promise<T> {
    const baseUrl = await this.discovery.getBaseUrl(GITOPS_PLUGIN_ID);
    const { token } = await this.auth.getPluginRequestToken({
      onBehalfOf: credentials,
      targetPluginId: GITOPS_PLUGIN_ID,
    });
    const api = await gitopsApiClient({
      discoveryApi: { getBaseUrl: async () => baseUrl },
      headers: { Authorization: `Bearer ${token}` },
    });
    try {
      return await answerBody(request(api));
    } catch (error) {
      if (!(error instanceof ResponseError)) throw error;
      const { status, statusText, url } = error.response;
      const path = new URL(url).pathname.slice(
        new URL(baseUrl).pathname.length,
      );
      throw new ForwardedError(
        `The gitops backend answered ${method} ${decodeURIComponent(
          path,
        )} with ${status} ${statusText}`.trimEnd(),
        error.cause,
      );
    }
  }
}
