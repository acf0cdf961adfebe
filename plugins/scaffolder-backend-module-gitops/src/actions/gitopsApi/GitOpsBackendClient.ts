import {
  AuthService,
  BackstageCredentials,
  DiscoveryService,
} from '@backstage/backend-plugin-api';
import { parseEntityRef } from '@backstage/catalog-model';
import { ForwardedError, ResponseError } from '@backstage/errors';
import {
  answerBody,
  gitopsApiClient,
  type GitOpsApiClient,
  type GitOpsApiRequestBody,
} from '@gitops-suite/plugin-gitops-common';

/** The gitops backend's plugin id, for service tokens. */
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

type ApplicationSetRequest = GitOpsApiRequestBody<
  '/agents/{agentId}/applicationsets',
  'post'
>;

/** The path and query parameters of an application's routes. */
function applicationParams(ref: EntityApplicationRef) {
  const entity = parseEntityRef(ref.entityRef);
  return {
    path: {
      namespace: entity.namespace,
      kind: entity.kind.toLocaleLowerCase('en-US'),
      name: entity.name,
      agentId: ref.agentId,
      appName: ref.appName,
    },
    query: { appNamespace: ref.appNamespace || undefined },
  };
}

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
    const api = await this.api(credentials);
    return named('POST', `/agents/${agentId}/applicationsets`, () =>
      answerBody(
        api.POST('/agents/{agentId}/applicationsets', {
          params: { path: { agentId } },
          body,
        }),
      ),
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
    const params = applicationParams(ref);
    const api = await this.api(credentials);
    return named('POST', `${applicationPath(params.path)}/sync`, () =>
      answerBody(
        api.POST(
          '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}/sync',
          { params, body },
        ),
      ),
    );
  }

  async getApplication(
    ref: EntityApplicationRef,
    credentials: BackstageCredentials,
  ) {
    const params = applicationParams(ref);
    const api = await this.api(credentials);
    const body = await named('GET', applicationPath(params.path), () =>
      answerBody(
        api.GET(
          '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}',
          { params },
        ),
      ),
    );
    return body.application;
  }

  private async api(
    credentials: BackstageCredentials,
  ): Promise<GitOpsApiClient> {
    const { token } = await this.auth.getPluginRequestToken({
      onBehalfOf: credentials,
      targetPluginId: GITOPS_PLUGIN_ID,
    });
    return gitopsApiClient({
      discoveryApi: this.discovery,
      headers: { Authorization: `Bearer ${token}` },
    });
  }
}

function applicationPath(path: ReturnType<typeof applicationParams>['path']) {
  return `/entity/${[
    path.namespace,
    path.kind,
    path.name,
    'applications',
    path.agentId,
    path.appName,
  ].join('/')}`;
}

/**
 * Names the request and keeps the backend's own error (its name, e.g.
 * NotAllowedError, and its message): "Request failed with 404" alone does
 * not tell a template author what went wrong.
 */
async function named<T>(
  method: string,
  path: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ResponseError) {
      const { status, statusText } = error.response;
      throw new ForwardedError(
        `The gitops backend answered ${method} ${path} with ${status} ${statusText}`.trimEnd(),
        error.cause,
      );
    }
    throw error;
  }
}
