import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { RequestContext, json } from '../http/types';
import { isObject } from '../util/json';
import { harnessCaller } from './HarnessAuth';
import { agentObject, page } from './harnessObjects';
import { sdkOperation } from './sdkOperations';
import { checkSdkQuery, checkSdkRequired } from './sdkRequestCheck';

/** Where the sandbox's Harness gateway is served: `<baseUrl>/harness`. */
export const HARNESS_GATEWAY_PREFIX = '/harness';

type Scope = 'ACCOUNT' | 'ORG' | 'PROJECT';

/** The scope an agent list asks for: the deepest identifier given. */
function askedScope(query: URLSearchParams): Scope {
  if (query.get('projectIdentifier')) return 'PROJECT';
  if (query.get('orgIdentifier')) return 'ORG';
  return 'ACCOUNT';
}

const DEPTH: Record<Scope, number> = { ACCOUNT: 0, ORG: 1, PROJECT: 2 };

/**
 * Whether an agent is listed for a query: of the account; at the asked
 * scope exactly (an org's agents for an org), or, with `ignoreScope=true`,
 * at that scope or under it (every agent of the account for the account);
 * of the asked org and project where the agent's scope has them; of the
 * asked `type`.
 */
function listed(agent: SandboxAgent, query: URLSearchParams): boolean {
  const h = agent.config.harness!;
  if (agent.leftAccount || h.accountIdentifier !== query.get('accountIdentifier')) return false;
  const type = query.get('type');
  if (type && type !== h.type) return false;
  const asked = askedScope(query);
  const below = query.get('ignoreScope') === 'true';
  if (below ? DEPTH[h.scope] < DEPTH[asked] : h.scope !== asked) return false;
  const org = query.get('orgIdentifier');
  if (org && h.orgIdentifier !== org) return false;
  const project = query.get('projectIdentifier');
  if (project && h.projectIdentifier !== project) return false;
  const scope = query.get('scope');
  return !scope || scope === h.scope;
}

/**
 * The sandbox's Harness gateway (`/harness`, as `app.harness.io/gateway`):
 * every Harness agent of the scenario behind one base URL. It answers
 * AgentServiceForServerList over an account itself (the SDK's request:
 * `type` required, paged by `pageSize` and `pageIndex`, the `x-api-key` of
 * the account); every other call goes to the agent it names, by the agent
 * identifier in its path, or its `agentIdentifier` query parameter or body
 * field, within the scope the call gives.
 */
export class HarnessGateway {
  constructor(private readonly agents: SandboxAgent[]) {}

  /** AgentServiceForServerList at the gateway: the account's agents. */
  listAgents(ctx: RequestContext) {
    const op = sdkOperation('AgentServiceForServerList');
    const account = this.agents.filter(
      a => a.config.harness!.accountIdentifier === ctx.query.get('accountIdentifier'),
    );
    // the account's API key: any of its agents' own
    const callers = account.flatMap(agent => {
      try {
        return [harnessCaller(agent, ctx.req)];
      } catch {
        return [];
      }
    });
    if (!callers.length) {
      // the first agent's refusal says why (no key, or not the account's)
      if (account.length) harnessCaller(account[0], ctx.req);
      throw new ApiError(GrpcCode.Unauthenticated, 'Unauthenticated: invalid API key');
    }
    checkSdkQuery(op, ctx.query);
    checkSdkRequired(op, ctx.query, []);
    if (ctx.query.get('routingId') !== ctx.query.get('accountIdentifier')) {
      throw new ApiError(GrpcCode.InvalidArgument, 'invalid scope: routingId must be the accountIdentifier');
    }
    const search = ctx.query.get('searchTerm')?.toLowerCase();
    const agents = account
      .filter(agent => listed(agent, ctx.query))
      .map(agentObject)
      .filter(
        a => !search || String(a.name).toLowerCase().includes(search) || String(a.identifier).toLowerCase().includes(search),
      );
    return json(200, page(agents, ctx.query));
  }

  /**
   * The agent a call names within its scope: `agentIdentifier` in its path
   * (`/gitops/api/v1/agents/{id}/...`), query or body; 404 for none.
   */
  target(method: string, path: string, query: URLSearchParams, body: unknown): SandboxAgent {
    if (path === '/_sandbox' || path.startsWith('/_sandbox/')) {
      // an agent's control API is at its own prefix only
      throw new ApiError(GrpcCode.NotFound, `no route ${method} ${path} at the sandbox's Harness gateway`);
    }
    const inPath = /^\/gitops\/api\/v1\/agents\/([^/]+)(\/.*)?$/.exec(path);
    const named =
      (inPath && decodeURIComponent(inPath[1])) ||
      query.get('agentIdentifier') ||
      (isObject(body) && typeof body.agentIdentifier === 'string' ? body.agentIdentifier : undefined);
    if (!named) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `${method} ${path} names no agent (agentIdentifier) at the sandbox's Harness gateway`,
      );
    }
    const given = (name: string) =>
      query.get(name) || (isObject(body) && typeof body[name] === 'string' ? body[name] : '') || undefined;
    const account = given('accountIdentifier');
    const org = given('orgIdentifier');
    const project = given('projectIdentifier');
    const agent = this.agents.find(a => {
      const h = a.config.harness!;
      return (
        !a.leftAccount &&
        h.agentIdentifier === named &&
        h.accountIdentifier === account &&
        (h.scope === 'ACCOUNT' || h.orgIdentifier === org) &&
        (h.scope !== 'PROJECT' || h.projectIdentifier === project)
      );
    });
    if (!agent) throw new ApiError(GrpcCode.NotFound, `agent ${named} not found`);
    return agent;
  }
}
