import path from 'node:path';
import type { SandboxAgentInfo } from '../startSandbox';
import { SdkOperation, sdkOperations } from '../harness/sdkOperations';
import { acceptedQuery } from '../harness/sdkRequestCheck';

/*
 * Helpers for the package's own tests: HTTP clients for sandbox agents and
 * paths to the example fleet and the Argo CD reference data.
 */

const PACKAGE_ROOT = path.dirname(require.resolve('@gitops-suite/sandbox-agent/package.json'));

export const FLEET_SCENARIO = path.resolve(PACKAGE_ROOT, '../../examples/fleet.yaml');
export const TESTDATA = path.resolve(PACKAGE_ROOT, 'testdata');

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export async function request(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<TestResponse> {
  const res = await fetch(url, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.headers ?? {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A client for an Argo CD agent: bearer token on every call. */
export function argoClient(agent: SandboxAgentInfo, token: string | undefined = agent.token) {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return {
    get: (p: string) => request(`${agent.url}${p}`, { headers }),
    post: (p: string, body: unknown = {}) => request(`${agent.url}${p}`, { method: 'POST', headers, body }),
    delete: (p: string) => request(`${agent.url}${p}`, { method: 'DELETE', headers }),
    patch: (p: string, body: unknown) => request(`${agent.url}${p}`, { method: 'PATCH', headers, body }),
  };
}

/** The scope query every Harness call carries. */
export function harnessScope(agent: SandboxAgentInfo): string {
  const params = new URLSearchParams({
    accountIdentifier: agent.accountIdentifier!,
    routingId: agent.accountIdentifier!,
  });
  if (agent.orgIdentifier) params.set('orgIdentifier', agent.orgIdentifier);
  if (agent.projectIdentifier) params.set('projectIdentifier', agent.projectIdentifier);
  return params.toString();
}

/** The SDK operation a Harness call goes to, by method and path template. */
function harnessOperation(method: string, p: string): SdkOperation | undefined {
  const pathname = p.split('?')[0];
  return sdkOperations()
    .filter(op => op.method === method)
    .filter(op => new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname))
    .sort((a, b) => a.path.split('{').length - b.path.split('{').length)[0];
}

/**
 * A client for a Harness agent: x-api-key on every call, and the scope where
 * the Harness Go SDK sends it: as the query parameters the operation takes,
 * or in the body where only its model holds it (the ApplicationSet list).
 * Calls outside the SDK (the cross-agent list, bulk operations) carry the
 * whole scope as query parameters.
 */
export function harnessClient(agent: SandboxAgentInfo, apiKey: string | undefined = agent.token) {
  const headers = apiKey ? { 'x-api-key': apiKey } : undefined;
  const scoped = (method: string, p: string, body?: unknown) => {
    const op = harnessOperation(method, p);
    const scope = new URLSearchParams(harnessScope(agent));
    const takes = op ? acceptedQuery(op) : undefined;
    const query = [...scope].filter(([name]) => !takes || takes.has(name));
    const url = `${agent.url}${p}${query.length ? `${p.includes('?') ? '&' : '?'}${new URLSearchParams(query)}` : ''}`;
    const inBody =
      op?.bodyFields?.includes('accountIdentifier') && !takes?.has('accountIdentifier')
        ? Object.fromEntries([...scope].filter(([name]) => op.bodyFields!.includes(name)))
        : {};
    return { url, body: body === undefined ? undefined : { ...inBody, ...(body as object) } };
  };
  return {
    get: (p: string) => request(scoped('GET', p).url, { headers }),
    post: (p: string, body: unknown = {}) => {
      const call = scoped('POST', p, body);
      return request(call.url, { method: 'POST', headers, body: call.body });
    },
    delete: (p: string) => request(scoped('DELETE', p).url, { method: 'DELETE', headers }),
    patch: (p: string, body: unknown) => {
      const call = scoped('PATCH', p, body);
      return request(call.url, { method: 'PATCH', headers, body: call.body });
    },
    raw: (p: string) => request(`${agent.url}${p}`, { headers }),
  };
}

/** Control API of an agent (/_sandbox/...). */
export function controlClient(agent: SandboxAgentInfo) {
  const headers = { authorization: `Bearer ${agent.token}` };
  return {
    get: (p: string) => request(`${agent.url}/_sandbox${p}`, { headers }),
    post: (p: string, body: unknown = {}) =>
      request(`${agent.url}/_sandbox${p}`, { method: 'POST', headers, body }),
  };
}

/** Polls until the check passes (or throws its last error after the timeout). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise(r => setTimeout(r, intervalMs));
    }
  }
}
