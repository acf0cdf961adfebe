import http, { IncomingMessage, STATUS_CODES, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { SandboxAgent } from './agent/SandboxAgent';
import { argocdRoutes } from './argocd/argocdRoutes';
import { argoErrorResponse } from './argocd/errors';
import { controlRoutes } from './control/controlRoutes';
import { FaultDecision } from './faults/FaultInjector';
import { harnessErrorResponse } from './harness/errors';
import { HARNESS_GATEWAY_PREFIX, HarnessGateway } from './harness/harnessGateway';
import { harnessRoutes } from './harness/harnessRoutes';
import { IdentityProvider } from './idp/IdentityProvider';
import { handleIdpRequest, idpRoutes } from './idp/idpRoutes';
import { ApiError, GrpcCode, grpcCodeOf } from './http/ApiError';
import { parseJsonBody, readBody } from './http/readBody';
import { Router } from './http/Router';
import { BufferedResponse, HandlerResponse, RequestContext, isStream, json } from './http/types';

export interface SandboxServerOptions {
  host: string;
  port: number;
  log: (message: string) => void;
  /** The identity provider served at `/idp` (the scenario's `identity`). */
  idp?: IdentityProvider;
}

const AGENT_PATH = /^\/agents\/([^/]+)(\/.*)?$/;
const GATEWAY_PATH = new RegExp(`^${HARNESS_GATEWAY_PREFIX}(/.*)?$`);

function resetSocket(socket: Socket | null) {
  if (!socket) return;
  const s = socket as Socket & { resetAndDestroy?: () => void };
  if (typeof s.resetAndDestroy === 'function') s.resetAndDestroy();
  else socket.destroy();
}

function corrupt(body: string): string {
  // Cut the JSON short and append what a misbehaving proxy might: never valid JSON.
  const cut = body.slice(0, Math.max(1, Math.floor(body.length * 0.6)));
  return `${cut}<!-- upstream sent an invalid chunked response -->`;
}

/**
 * The HTTP server of the sandbox: one port, one path prefix per agent
 * (`/agents/<id>`), where the agent's API, faults and stop state apply;
 * `/agents/<id>/_sandbox/...` is the agent's control API. With an identity
 * provider, `/idp/...` serves it (outside every agent's prefix).
 */
export class SandboxServer {
  private readonly server: http.Server;
  private readonly agents = new Map<string, SandboxAgent>();
  private readonly routers = new Map<string, { api: Router; control: Router }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly idpRouter?: Router;
  /** Every Harness agent behind one gateway (`/harness`), as Harness serves an account. */
  private readonly gateway: HarnessGateway;
  private baseUrl = '';

  constructor(agents: SandboxAgent[], private readonly options: SandboxServerOptions) {
    for (const agent of agents) {
      this.agents.set(agent.id, agent);
      this.routers.set(agent.id, {
        api: agent.kind === 'argocd' ? argocdRoutes(agent) : harnessRoutes(agent),
        control: controlRoutes(agent),
      });
    }
    if (options.idp) this.idpRouter = idpRoutes(options.idp);
    this.gateway = new HarnessGateway(agents.filter(agent => agent.kind === 'harness'));
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch(error => {
        this.options.log(`sandbox: unexpected error: ${(error as Error).stack ?? error}`);
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'internal error', code: GrpcCode.Internal, message: 'internal error', details: [] }));
        } else {
          res.destroy();
        }
      });
    });
    this.server.keepAliveTimeout = 65_000;
    this.server.headersTimeout = 66_000;
  }

  listen(): Promise<{ port: number; baseUrl: string }> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        const port = typeof address === 'object' && address ? address.port : this.options.port;
        const host = ['0.0.0.0', '::', ''].includes(this.options.host) ? '127.0.0.1' : this.options.host;
        const hostPart = host.includes(':') ? `[${host}]` : host;
        this.baseUrl = `http://${hostPart}:${port}`;
        this.options.idp?.setBaseUrl(this.baseUrl);
        resolve({ port, baseUrl: this.baseUrl });
      });
    });
  }

  agentUrl(id: string) {
    return `${this.baseUrl}/agents/${encodeURIComponent(id)}`;
  }

  /** The Harness gateway's base URL: append `/gitops/api/v1/...`. */
  harnessGatewayUrl() {
    return `${this.baseUrl}${HARNESS_GATEWAY_PREFIX}`;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const agent of this.agents.values()) agent.close();
    await new Promise<void>(resolve => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Waits; false when the client went away meanwhile. */
  private sleep(ms: number, res: ServerResponse): Promise<boolean> {
    return new Promise(resolve => {
      if (ms <= 0) {
        resolve(true);
        return;
      }
      const timers = this.timers;
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off('close', onClose);
        resolve(true);
      }, ms);
      function onClose() {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      }
      res.once('close', onClose);
      timers.add(timer);
    });
  }

  private errorResponse(agent: SandboxAgent | undefined, error: ApiError): BufferedResponse {
    return agent?.kind === 'harness' ? harnessErrorResponse(error) : argoErrorResponse(error);
  }

  private write(req: IncomingMessage, res: ServerResponse, response: BufferedResponse, action?: FaultDecision['action']) {
    let body = response.body;
    if (action === 'malformed') body = corrupt(body);
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(response.status, { ...(response.headers ?? {}), 'content-length': String(bytes.length) });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (action === 'truncated' && bytes.length > 1) {
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
      return;
    }
    res.end(bytes);
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://sandbox.local');
    const path = url.pathname;
    if (path === '/' || path === '/_sandbox/agents') {
      this.write(req, res, json(200, {
        agents: [...this.agents.values()].map(a => ({ id: a.id, kind: a.kind, url: this.agentUrl(a.id), stopped: a.stopped })),
      }));
      return;
    }
    if (path === '/healthz') {
      this.write(req, res, { status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } });
      return;
    }
    if (this.idpRouter && (path === '/idp' || path.startsWith('/idp/'))) {
      this.write(req, res, await handleIdpRequest(this.idpRouter, req, path.slice('/idp'.length) || '/', url.searchParams));
      return;
    }
    const gateway = GATEWAY_PATH.exec(path);
    if (gateway) {
      await this.handleGateway(req, res, url, gateway[1] ?? '/');
      return;
    }
    const m = AGENT_PATH.exec(path);
    const agent = m ? this.agents.get(decodeURIComponent(m[1])) : undefined;
    if (!m || !agent) {
      this.write(req, res, json(404, { error: 'Not Found', code: GrpcCode.NotFound, message: `no sandbox agent at ${path}`, details: [] }));
      return;
    }
    await this.serveAgent(req, res, url, agent, m[2] ?? '/');
  }

  /**
   * A call to the Harness gateway: the account's agent list answered here,
   * any other call served by the agent it names (its faults and stop state
   * apply as at the agent's own prefix).
   */
  private async handleGateway(req: IncomingMessage, res: ServerResponse, url: URL, sub: string) {
    const method = req.method ?? 'GET';
    let body: Promise<unknown> | undefined;
    let agent: SandboxAgent;
    try {
      if (method === 'GET' && sub === '/gitops/api/v1/agents') {
        const ctx = { req, method, path: sub, query: url.searchParams, params: {}, body: async () => undefined };
        this.write(req, res, this.gateway.listAgents(ctx));
        return;
      }
      // a call naming its agent only in its body (an ApplicationSet list)
      const namedOutsideBody = /^\/gitops\/api\/v1\/agents\/[^/]+/.test(sub) || url.searchParams.has('agentIdentifier');
      if (!namedOutsideBody && (method === 'POST' || method === 'PUT')) body = readBody(req).then(parseJsonBody);
      agent = this.gateway.target(method, sub, url.searchParams, body ? await body : undefined);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.write(req, res, harnessErrorResponse(error));
      return;
    }
    await this.serveAgent(req, res, url, agent, sub, body);
  }

  private async serveAgent(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    agent: SandboxAgent,
    sub: string,
    /** The body, where the gateway read it already to find the agent. */
    readAlready?: Promise<unknown>,
  ) {
    const routers = this.routers.get(agent.id)!;
    const method = req.method ?? 'GET';
    const isControl = sub === '/_sandbox' || sub.startsWith('/_sandbox/');

    // A stopped Harness agent: the (SaaS) gateway still answers for the agent
    // itself, reporting it DISCONNECTED; everything it would do fails.
    const gatewayOnly = agent.kind === 'harness' && /^\/gitops\/api\/v1\/agents(\/[^/]+)?\/?$/.test(sub);
    if (!isControl && agent.stopped && !(gatewayOnly && agent.config.stopMode === 'unavailable')) {
      if (agent.config.stopMode === 'reset') {
        resetSocket(req.socket);
        return;
      }
      this.write(req, res, this.errorResponse(agent, new ApiError(GrpcCode.Unavailable, `agent ${agent.id} is unavailable: connection refused`)));
      return;
    }

    let decision: FaultDecision = { delayMs: 0, action: 'none' };
    if (!isControl) {
      decision = agent.faults.decide(method, sub);
      if (decision.delayMs > 0 && !(await this.sleep(decision.delayMs, res))) return;
      if (agent.stopped && agent.config.stopMode === 'reset') {
        resetSocket(req.socket);
        return;
      }
      switch (decision.action) {
        case 'reset':
          resetSocket(req.socket);
          return;
        case 'drop':
          req.socket.destroy();
          return;
        case 'hang': {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            req.socket.destroy();
          }, decision.hangMs ?? 120_000);
          this.timers.add(timer);
          res.once('close', () => {
            clearTimeout(timer);
            this.timers.delete(timer);
          });
          return;
        }
        case 'error': {
          const status = decision.status ?? 500;
          const headers: Record<string, string> = {};
          if (status === 429 || status === 503) headers['retry-after'] = String(decision.retryAfterSeconds ?? 1);
          this.write(
            req,
            res,
            this.errorResponse(
              agent,
              new ApiError(grpcCodeOf(status), `sandbox fault injection: ${status} ${STATUS_CODES[status] ?? ''}`.trim(), {
                status,
                headers,
              }),
            ),
          );
          return;
        }
        default:
      }
    }

    let response: HandlerResponse;
    try {
      const match = (isControl ? routers.control : routers.api).match(method, sub);
      let bodyPromise: Promise<any> | undefined = readAlready;
      const ctx: RequestContext = {
        req,
        method,
        path: sub,
        query: url.searchParams,
        params: match.params,
        body: () => (bodyPromise ??= readBody(req).then(parseJsonBody)),
      };
      response = await match.handler(ctx);
    } catch (error) {
      if (error instanceof ApiError) {
        response = this.errorResponse(agent, error);
      } else {
        this.options.log(`sandbox: ${agent.id} ${method} ${sub}: ${(error as Error).stack ?? error}`);
        response = this.errorResponse(agent, new ApiError(GrpcCode.Internal, (error as Error).message ?? 'internal error'));
      }
    }
    if (isStream(response)) {
      response.stream(req, res);
      return;
    }
    this.write(req, res, response, decision.action);
  }
}
