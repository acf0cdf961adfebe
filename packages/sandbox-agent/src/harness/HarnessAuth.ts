import type { IncomingMessage } from 'node:http';
import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Caller } from '../state/types';
import { JsonObject } from '../util/json';
import type { SdkOperation } from './sdkOperations';
import { acceptedQuery } from './sdkRequestCheck';

/** The caller of a Harness request: `x-api-key` must be one of the agent's tokens. */
export function harnessCaller(
  agent: SandboxAgent,
  req: IncomingMessage,
): Caller {
  const header = req.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  const config = agent.config;
  if (!key)
    throw new ApiError(
      GrpcCode.Unauthenticated,
      'Unauthenticated: x-api-key header is missing',
    );
  if (key === config.token) {
    return {
      subject: `serviceaccount:${config.id}`,
      forbiddenProjects: config.forbiddenProjects,
      readOnly: false,
    };
  }
  const extra = config.tokens.find(t => t.token === key);
  if (extra) {
    return {
      subject: extra.name ?? 'api-key',
      projects: extra.projects,
      forbiddenProjects: config.forbiddenProjects,
      readOnly: Boolean(extra.readOnly),
    };
  }
  throw new ApiError(
    GrpcCode.Unauthenticated,
    'Unauthenticated: invalid API key',
  );
}

/** The scope parameters, checked with their values by {@link checkScope}. */
export const SCOPE_PARAMS = [
  'accountIdentifier',
  'routingId',
  'orgIdentifier',
  'projectIdentifier',
];

/**
 * Whether a call must carry a scope parameter: where the operation, as the
 * Harness Go SDK defines it, requires it as a query parameter or holds it in
 * its body's model only (the ApplicationSet list's V1ApplicationSetQuery).
 * A parameter the operation takes optionally is checked when given. Calls
 * outside the SDK (the seeds' cross-agent list and bulk operations) carry
 * the whole scope, `routingId` included.
 */
function requires(op: SdkOperation | undefined, name: string): boolean {
  if (!op) return true;
  if (op.requiredQuery.includes(name)) return true;
  return Boolean(op.bodyFields?.includes(name)) && !acceptedQuery(op).has(name);
}

/**
 * Checks the account, org and project scope of a call, from its query
 * parameters or, where the operation's body model holds them, its body:
 * each one the operation requires must be there (the org for an org- or
 * project-scoped agent, the project for a project-scoped one), and each one
 * given must name the agent's. `routingId` is the account. Whether a
 * parameter may be sent at all is checkSdkQuery's part.
 */
export function checkScope(
  agent: SandboxAgent,
  query: URLSearchParams,
  body?: JsonObject,
  op?: SdkOperation,
) {
  const h = agent.config.harness!;
  const get = (name: string) =>
    query.get(name) ||
    (typeof body?.[name] === 'string' ? body[name] : '') ||
    null;
  const check = (
    name: string,
    expected: string | undefined,
    needed: boolean,
  ) => {
    const value = get(name);
    if (!value) {
      if (needed)
        throw new ApiError(GrpcCode.InvalidArgument, `${name} is required`);
      return;
    }
    if (value !== expected) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        name === 'routingId'
          ? 'invalid scope: routingId must be the accountIdentifier'
          : `invalid scope: unknown ${name} ${value}`,
      );
    }
  };
  check(
    'accountIdentifier',
    h.accountIdentifier,
    requires(op, 'accountIdentifier'),
  );
  check('routingId', h.accountIdentifier, requires(op, 'routingId'));
  if (h.scope !== 'ACCOUNT')
    check('orgIdentifier', h.orgIdentifier, requires(op, 'orgIdentifier'));
  if (h.scope === 'PROJECT')
    check(
      'projectIdentifier',
      h.projectIdentifier,
      requires(op, 'projectIdentifier'),
    );
}

/** The agent named in a path, or 404. */
export function checkAgentIdentifier(agent: SandboxAgent, identifier: string) {
  if (identifier !== agent.config.harness!.agentIdentifier) {
    throw new ApiError(GrpcCode.NotFound, `agent ${identifier} not found`);
  }
}
