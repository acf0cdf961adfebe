import { AuthenticationError, NotAllowedError } from '@backstage/errors';
import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';
import { readAgentErrorMessage } from './readAgentErrorMessage';
import { currentFeed, FEED_HEADER } from './feedContext';
import { classifyAgentRefusal } from './classifyAgentRefusal';

/** Query parameters; arrays repeat the key, undefined values are dropped. */
export type AgentQuery = Record<string, string | string[] | undefined>;

/** One HTTP call to an agent. `path` is relative to the agent's base URL. */
export interface AgentRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: AgentQuery | URLSearchParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the agent's per-call timeout (background reads of whole lists). */
  timeoutMs?: number;
  /**
   * Caps the answer's body: past `bytes` (as declared, or as read) the
   * call is cut off and `tooLarge()` thrown; nothing of it is parsed.
   */
  maxBody?: { bytes: number; tooLarge: () => Error };
  /**
   * The signed-in user's verified ID token: the credential of this one call
   * instead of the agent's (never renewed, never in an error message). The
   * agent's 401 is then the user's (AuthenticationError: sign in again),
   * its 403 the user's refusal by the agent's own access control
   * (NotAllowedError naming it).
   */
  userToken?: string;
}

/** The raw answer of an agent call, body parsed when it is JSON. */
export interface AgentRawResponse {
  status: number;
  contentType?: string;
  body: unknown;
}

export interface AgentHttpClientOptions {
  agentId: string;
  baseUrl: string;
  timeoutMs: number;
  /** Headers that carry the credential; asked for on every call. */
  authHeaders: () => Promise<Record<string, string>>;
  /**
   * Called once when the agent answers 401; resolve `true` after renewing
   * the credential to have the call retried once.
   */
  renewCredential?: () => Promise<boolean>;
  /** Credential values that must never appear in an error message. */
  secrets: () => string[];
  /**
   * The headers that carry a user's token (`userToken`) instead of the
   * agent's credential; a kind without them cannot forward one.
   */
  userAuthHeaders?: (token: string) => Record<string, string>;
  /** The name of the agent's access control in refusals ("Argo CD RBAC"). */
  accessControlName?: string;
}

function buildQuery(query: AgentRequest['query']): string {
  if (!query) return '';
  const params =
    query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) {
        params.append(key, v);
      }
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })
    ?.cause;
  return cause?.code ?? cause?.message ?? String((error as Error)?.message);
}

/**
 * The body of `response` as text, or undefined (the body cancelled, the
 * connection cut) as soon as it declares or has sent more than `maxBytes`:
 * a huge answer is never held whole, decoded or parsed.
 */
async function readCapped(
  response: Response,
  maxBytes: number,
): Promise<string | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/**
 * The one HTTP client every built-in provider uses: per-call timeout,
 * credential injection, one renewal on 401, and upstream failures mapped to
 * {@link GitOpsAgentError}s with clear, credential-free messages.
 */
export class AgentHttpClient {
  private readonly baseUrl: string;

  constructor(private readonly options: AgentHttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  get agentId(): string {
    return this.options.agentId;
  }

  async json<T>(request: AgentRequest): Promise<T> {
    const response = await this.raw(request);
    if (response.body === undefined || typeof response.body === 'string') {
      throw this.error(
        'malformed_response',
        `answered ${request.path} with a body that is not JSON`,
        response.status,
      );
    }
    return response.body as T;
  }

  async raw(request: AgentRequest): Promise<AgentRawResponse> {
    let response = await this.send(request);
    if (
      response.status === 401 &&
      this.options.renewCredential &&
      request.userToken === undefined
    ) {
      await response.body?.cancel();
      if (await this.options.renewCredential()) {
        response = await this.send(request);
      }
    }
    return this.read(request, response);
  }

  /**
   * Opens a long-lived answer (a watch stream): the per-call timeout bounds
   * only the wait for the response headers; `request.signal` ends it.
   * Resolves with the response once it is 2xx.
   */
  async stream(request: AgentRequest): Promise<Response> {
    let response = await this.send(request, true);
    if (response.status === 401 && this.options.renewCredential) {
      await response.body?.cancel();
      if (await this.options.renewCredential()) {
        response = await this.send(request, true);
      }
    }
    if (response.status >= 200 && response.status < 300) return response;
    return this.read(request, response) as never;
  }

  private async send(
    request: AgentRequest,
    headersOnly = false,
  ): Promise<Response> {
    const timeoutMs = request.timeoutMs ?? this.options.timeoutMs;
    const headerTimeout = new AbortController();
    const timeout = headersOnly
      ? headerTimeout.signal
      : AbortSignal.timeout(timeoutMs);
    const timer = headersOnly
      ? setTimeout(() => headerTimeout.abort(), timeoutMs)
      : undefined;
    const signal = request.signal
      ? AbortSignal.any([request.signal, timeout])
      : timeout;
    const url = `${this.baseUrl}${request.path}${buildQuery(request.query)}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(await this.credentialHeaders(request)),
    };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
    }
    const feed = currentFeed();
    if (feed) headers[FEED_HEADER] = feed;
    try {
      return await fetch(url, {
        method: request.method ?? 'GET',
        headers,
        body:
          request.body === undefined ? undefined : JSON.stringify(request.body),
        signal,
        redirect: 'manual',
      });
    } catch (error) {
      if (timeout.aborted) {
        throw this.error('timeout', `did not answer within ${timeoutMs} ms`);
      }
      if (request.signal?.aborted) {
        throw this.error('timeout', 'call was cancelled');
      }
      throw this.error(
        'unreachable',
        `is unreachable (${networkCause(error)})`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** The agent's credential, or the user's token for a call made as the user. */
  private async credentialHeaders(
    request: AgentRequest,
  ): Promise<Record<string, string>> {
    if (request.userToken === undefined) return this.options.authHeaders();
    if (!this.options.userAuthHeaders) {
      throw new NotAllowedError(
        `Agent ${this.options.agentId} cannot act with a user's sign-in token`,
      );
    }
    return this.options.userAuthHeaders(request.userToken);
  }

  private async read(
    request: AgentRequest,
    response: Response,
  ): Promise<AgentRawResponse> {
    const cap = request.maxBody;
    let text: string | undefined;
    try {
      text = cap
        ? await readCapped(response, cap.bytes)
        : await response.text();
    } catch (error) {
      if (
        request.signal?.aborted ||
        (error as Error)?.name === 'TimeoutError'
      ) {
        throw this.error(
          'timeout',
          `did not finish answering within ${this.options.timeoutMs} ms`,
        );
      }
      throw this.error(
        'malformed_response',
        `broke off its answer to ${request.path} (${networkCause(error)})`,
        response.status,
      );
    }
    if (text === undefined) throw cap!.tooLarge();
    const contentType = response.headers.get('content-type') ?? undefined;
    let body: unknown = text;
    if (text.length > 0 && contentType?.includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        throw this.error(
          'malformed_response',
          `answered ${request.path} with malformed JSON`,
          response.status,
        );
      }
    } else if (text.length === 0) {
      body = undefined;
    }
    if (response.status >= 200 && response.status < 300) {
      return { status: response.status, contentType, body };
    }
    throw this.statusError(request, response, body);
  }

  private statusError(
    request: AgentRequest,
    response: Response,
    body: unknown,
  ): GitOpsAgentError {
    const detail = readAgentErrorMessage(body);
    const suffix = detail ? `: ${detail}` : '';
    const { status } = response;
    if (request.userToken !== undefined && (status === 401 || status === 403)) {
      throw this.userRefusal(request.userToken, status, detail);
    }
    switch (status) {
      case 401:
        return this.error(
          'unauthorized',
          `rejected the credential (401): token wrong or expired${suffix}`,
          status,
        );
      case 403:
        return this.error(
          'forbidden',
          `refused access (403): project or resource not permitted${suffix}`,
          status,
        );
      case 404:
        return this.error(
          'not_found',
          `has no ${request.path} (404)${suffix}`,
          status,
        );
      case 429: {
        const retryAfter = Number(response.headers.get('retry-after'));
        return this.error(
          'rate_limited',
          `is rate limiting requests (429)${
            Number.isFinite(retryAfter) && retryAfter > 0
              ? `; retry after ${retryAfter} s`
              : ''
          }${suffix}`,
          status,
          Number.isFinite(retryAfter) && retryAfter > 0
            ? retryAfter
            : undefined,
        );
      }
      default: {
        const refusal = classifyAgentRefusal(status, body);
        if (refusal) {
          return this.error(
            refusal,
            `refused the request (${status})${suffix}`,
            status,
          );
        }
        return this.error(
          'upstream_error',
          `failed (${status})${suffix}`,
          status,
        );
      }
    }
  }

  /**
   * The agent refused the user whose token the call carried: 401 (the
   * token not accepted: sign in again) or 403 (its access control says no).
   */
  private userRefusal(
    token: string,
    status: 401 | 403,
    detail: string | undefined,
  ): Error {
    const { agentId, accessControlName = 'The agent' } = this.options;
    const text = (detail ?? '').split(token).join('***');
    if (status === 401) {
      return new AuthenticationError(
        `Agent ${agentId} did not accept your sign-in token${
          text ? ` (${text})` : ''
        }; sign in again`,
      );
    }
    return new NotAllowedError(
      `${accessControlName} on ${agentId} refuses it${text ? `: ${text}` : ''}`,
    );
  }

  /** A credential-free error of this agent (for stream readers). */
  error(
    code: GitOpsAgentError['code'],
    message: string,
    status?: number,
    retryAfterSeconds?: number,
  ): GitOpsAgentError {
    let text = `Agent ${this.options.agentId} ${message}`;
    for (const secret of this.options.secrets()) {
      if (secret && secret.length >= 4) text = text.split(secret).join('***');
    }
    return new GitOpsAgentError(
      this.options.agentId,
      code,
      text,
      status,
      retryAfterSeconds,
    );
  }
}
