import { randomUUID } from 'node:crypto';
import type { SandboxAgent } from '../agent/SandboxAgent';
import { globMatch } from '../argocd/rbacPolicy';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { BufferedResponse, json } from '../http/types';
import { JsonObject, isObject } from '../util/json';
import { harnessCaller } from './HarnessAuth';

/*
 * Harness's access control check, `POST /authz/api/acl?accountIdentifier=`:
 * for a principal and a list of permissions on resources, whether each is
 * permitted. The sandbox answers from the agent's `accessControl` entries
 * (principal, permissions, application globs) for GitOps applications
 * (resource type GITOPS_APP) in the agent's scope; anything else is not
 * permitted.
 */

export const GITOPS_APP_RESOURCE_TYPE = 'GITOPS_APP';

/** Harness NG's error body: `{status: 'ERROR', code, message, ...}`. */
function invalidRequest(message: string): BufferedResponse {
  return json(400, {
    status: 'ERROR',
    code: 'INVALID_REQUEST',
    message,
    correlationId: randomUUID(),
    detailedMessage: null,
    responseMessages: [{ code: 'INVALID_REQUEST', level: 'ERROR', message }],
  });
}

interface Principal {
  principalIdentifier: string;
  principalType: string;
}

/** Does the resource scope of a check name the agent's scope (the parts it gives)? */
function inAgentScope(agent: SandboxAgent, scope: JsonObject | undefined): boolean {
  const h = agent.config.harness!;
  if (!scope) return true;
  const given = (key: string) => (typeof scope[key] === 'string' && scope[key] ? (scope[key] as string) : undefined);
  if (given('accountIdentifier') !== undefined && given('accountIdentifier') !== h.accountIdentifier) return false;
  if (given('orgIdentifier') !== undefined && given('orgIdentifier') !== h.orgIdentifier) return false;
  if (given('projectIdentifier') !== undefined && given('projectIdentifier') !== h.projectIdentifier) return false;
  return true;
}

/** Is the permission granted to the principal on the resource? */
function permitted(agent: SandboxAgent, principal: Principal, check: JsonObject): boolean {
  if (check.resourceType !== GITOPS_APP_RESOURCE_TYPE) return false;
  if (!inAgentScope(agent, isObject(check.resourceScope) ? check.resourceScope : undefined)) return false;
  const resource = typeof check.resourceIdentifier === 'string' && check.resourceIdentifier ? check.resourceIdentifier : '';
  return (agent.spec.accessControl ?? []).some(entry => {
    const type = entry.principalType ?? 'USER';
    if (type !== principal.principalType) return false;
    const same =
      type === 'USER'
        ? entry.principal.toLowerCase() === principal.principalIdentifier.toLowerCase()
        : entry.principal === principal.principalIdentifier;
    if (!same || !entry.permissions.includes(String(check.permission))) return false;
    const globs = entry.applications ?? ['*'];
    // no resource identifier: a permission on every application of the type
    return resource ? globs.some(g => globMatch(g, resource)) : globs.includes('*');
  });
}

export function addAccessControlRoutes(router: Router, agent: SandboxAgent) {
  router.post('/authz/api/acl', async ctx => {
    harnessCaller(agent, ctx.req);
    const account = ctx.query.get('accountIdentifier');
    if (!account) return invalidRequest('accountIdentifier is required');
    if (account !== agent.config.harness!.accountIdentifier) {
      throw new ApiError(GrpcCode.InvalidArgument, `invalid scope: unknown accountIdentifier ${account}`);
    }
    const body = await ctx.body();
    if (!isObject(body)) return invalidRequest('the request body must be an AccessCheckRequest object');
    const principal = body.principal;
    if (
      !isObject(principal) ||
      typeof principal.principalIdentifier !== 'string' ||
      !principal.principalIdentifier ||
      typeof principal.principalType !== 'string'
    ) {
      return invalidRequest('principal {principalIdentifier, principalType} is required');
    }
    if (!Array.isArray(body.permissions) || !body.permissions.length) {
      return invalidRequest('permissions must be a non-empty list');
    }
    if (body.permissions.length > 1000) return invalidRequest('at most 1000 permissions per request');
    const checks: JsonObject[] = [];
    for (const [i, check] of body.permissions.entries()) {
      if (!isObject(check) || typeof check.resourceType !== 'string' || typeof check.permission !== 'string') {
        return invalidRequest(`permissions[${i}] needs resourceType and permission`);
      }
      checks.push(check);
    }
    const who: Principal = {
      principalIdentifier: principal.principalIdentifier,
      principalType: principal.principalType,
    };
    return json(200, {
      status: 'SUCCESS',
      data: {
        principal: who,
        accessControlList: checks.map(check => ({
          permission: check.permission,
          resourceScope: isObject(check.resourceScope) ? check.resourceScope : null,
          resourceType: check.resourceType,
          resourceIdentifier: check.resourceIdentifier ?? null,
          ...(check.resourceAttributes !== undefined ? { resourceAttributes: check.resourceAttributes } : {}),
          permitted: permitted(agent, who, check),
        })),
      },
      metaData: null,
      correlationId: randomUUID(),
    });
  });
}
