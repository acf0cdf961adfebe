import type { IncomingMessage } from 'node:http';
import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Caller } from '../state/types';
import { JsonObject } from '../util/json';

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

/**
 * Checks the scope parameters every Harness call carries: accountIdentifier
 * and routingId (the account), plus orgIdentifier and projectIdentifier for
 * org- and project-scoped agents. Missing or wrong scope answers 400.
 */
/**
 * Checks the account, org and project scope of a call. `routingId` is
 * required unless the operation, as the Harness Go SDK defines it, takes
 * none (`routingId: 'absent'`: AgentProjectServiceGet).
 */
export function checkScope(
  agent: SandboxAgent,
  query: URLSearchParams,
  body?: JsonObject,
  options: { routingId?: 'required' | 'absent' } = {},
) {
  const h = agent.config.harness!;
  const get = (name: string) =>
    query.get(name) ?? (typeof body?.[name] === 'string' ? body[name] : null);
  const account = get('accountIdentifier');
  if (!account)
    throw new ApiError(
      GrpcCode.InvalidArgument,
      'accountIdentifier is required',
    );
  if (account !== h.accountIdentifier) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      `invalid scope: unknown accountIdentifier ${account}`,
    );
  }
  const routingId = query.get('routingId');
  if (options.routingId === 'absent') {
    if (routingId !== null)
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'routingId is not a parameter of this operation',
      );
  } else if (!routingId)
    throw new ApiError(GrpcCode.InvalidArgument, 'routingId is required');
  if (options.routingId !== 'absent' && routingId !== h.accountIdentifier) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      'invalid scope: routingId must be the accountIdentifier',
    );
  }
  if (h.scope !== 'ACCOUNT') {
    const org = get('orgIdentifier');
    if (!org)
      throw new ApiError(GrpcCode.InvalidArgument, 'orgIdentifier is required');
    if (org !== h.orgIdentifier) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `invalid scope: unknown orgIdentifier ${org}`,
      );
    }
  }
  if (h.scope === 'PROJECT') {
    const project = get('projectIdentifier');
    if (!project)
      throw new ApiError(
        GrpcCode.InvalidArgument,
        'projectIdentifier is required',
      );
    if (project !== h.projectIdentifier) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `invalid scope: unknown projectIdentifier ${project}`,
      );
    }
  }
}

/** The agent named in a path, or 404. */
export function checkAgentIdentifier(agent: SandboxAgent, identifier: string) {
  if (identifier !== agent.config.harness!.agentIdentifier) {
    throw new ApiError(GrpcCode.NotFound, `agent ${identifier} not found`);
  }
}
