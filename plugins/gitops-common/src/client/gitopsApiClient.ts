import { ResponseError } from '@backstage/errors';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type {
  components as GitOpsApiComponents,
  paths as GitOpsApiPaths,
} from './generated/openapi';

/**
 * The schemas of the gitops backend's spec, by name.
 * @public
 */
export type GitOpsApiSchemas = GitOpsApiComponents['schemas'];

/**
 * The JSON body an operation of the spec takes, by path and method.
 * @public
 */
export type GitOpsApiRequestBody<
  Path extends keyof GitOpsApiPaths,
  Method extends 'get' | 'post',
> = GitOpsApiPaths[Path][Method] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/**
 * The JSON body of an operation's successful answer, by path and method.
 * @public
 */
export type GitOpsApiAnswer<
  Path extends keyof GitOpsApiPaths,
  Method extends 'get' | 'post',
> = GitOpsApiPaths[Path][Method] extends {
  responses: { [Status in 200 | 201]?: infer Answer };
}
  ? Answer extends { content: { 'application/json': infer Body } }
    ? Body
    : never
  : never;

/**
 * A client typed by the spec: `GET('/fleet/summary', { params })` checks
 * the path, the parameters and the body against `openapi.yaml` at compile
 * time. It throws a `ResponseError` for any answer that is not 2xx.
 * @public
 */
export type GitOpsApiClient = Client<GitOpsApiPaths>;

/**
 * What the client needs: where the gitops backend is, and how to call it
 * (Backstage's `fetchApi` in the browser; the global fetch, with a service
 * token in `headers`, in a backend).
 * @public
 */
export interface GitOpsApiClientOptions {
  discoveryApi: { getBaseUrl(pluginId: string): Promise<string> };
  fetchApi?: {
    fetch(input: string, init?: RequestInit): Promise<Response>;
  };
  headers?: Record<string, string>;
}

/** Answers that are not 2xx become `ResponseError`s, as in Backstage's own clients. */
const throwResponseErrors: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) {
      throw await ResponseError.fromResponse(response);
    }
    return undefined;
  },
};

/**
 * Hands the request to a fetch API as a URL and a plain init, with the body
 * as text: Backstage's fetch middlewares re-create the request, and a
 * re-created request with a body is a streaming one, which browsers refuse
 * to send without `duplex`.
 */
async function viaFetchApi(
  fetchApi: NonNullable<GitOpsApiClientOptions['fetchApi']>,
  request: Request,
): Promise<Response> {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return fetchApi.fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.text() : undefined,
    signal: request.signal,
  });
}

/**
 * A client of the gitops backend at its discovered base URL.
 * @public
 */
export async function gitopsApiClient(
  options: GitOpsApiClientOptions,
): Promise<GitOpsApiClient> {
  const fetchApi = options.fetchApi;
  const client = createClient<GitOpsApiPaths>({
    baseUrl: await options.discoveryApi.getBaseUrl('gitops'),
    headers: options.headers,
    ...(fetchApi && {
      fetch: (request: Request) => viaFetchApi(fetchApi, request),
    }),
  });
  client.use(throwResponseErrors);
  return client;
}

/**
 * The body of a successful answer. The client throws for errors, so an
 * answer without a body is the backend breaking its contract.
 * @public
 */
export async function answerBody<T>(
  call: Promise<{ data?: T; response: Response }>,
): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) {
    throw new Error(
      `The gitops backend answered ${response.status} to ${response.url} with no body`,
    );
  }
  return data;
}
