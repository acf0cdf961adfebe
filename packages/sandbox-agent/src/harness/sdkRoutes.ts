import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { HandlerResponse, RequestContext } from '../http/types';
import { Caller } from '../state/types';
import { JsonObject, isObject } from '../util/json';
import {
  SCOPE_PARAMS,
  checkAgentIdentifier,
  checkScope,
  harnessCaller,
} from './HarnessAuth';
import { routerPattern, sdkOperation } from './sdkOperations';
import { checkSdkBody, checkSdkQuery, checkSdkRequired } from './sdkRequestCheck';

/** The request body, which must be a JSON object. */
export async function objectBody(ctx: RequestContext): Promise<JsonObject> {
  const body = await ctx.body();
  if (!isObject(body))
    throw new ApiError(
      GrpcCode.InvalidArgument,
      'the request body must be a JSON object',
    );
  return body;
}

/** Answers one SDK operation, given its authenticated caller and its (checked) body ({} when it takes none). */
export type SdkHandler = (
  ctx: RequestContext,
  caller: Caller,
  body: JsonObject,
) => HandlerResponse | Promise<HandlerResponse>;

/** Registers an operation of the Harness Go SDK by its function name. */
export type SdkRoute = (name: string, handler: SdkHandler) => void;

/**
 * Registers each operation at its method and path (sdk-operations.json);
 * a request is authenticated, its query and body checked against the
 * operation (sdkRequestCheck.ts), then its scope, its other required
 * parameters and the agent in its path.
 */
export function sdkRoutes(router: Router, agent: SandboxAgent): SdkRoute {
  return (name, handler) => {
    const op = sdkOperation(name);
    router.add(op.method, routerPattern(op), async ctx => {
      const caller = harnessCaller(agent, ctx.req);
      checkSdkQuery(op, ctx.query);
      const body = op.bodyModel ? await objectBody(ctx) : {};
      checkSdkBody(op, body);
      checkScope(agent, ctx.query, op.bodyModel ? body : undefined, op);
      checkSdkRequired(op, ctx.query, SCOPE_PARAMS);
      if (ctx.params.agentIdentifier !== undefined)
        checkAgentIdentifier(agent, ctx.params.agentIdentifier);
      return handler(ctx, caller, body);
    });
  };
}
