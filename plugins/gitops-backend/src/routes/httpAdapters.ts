import {
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
} from '@backstage/backend-plugin-api';
import type { CompoundEntityRef } from '@backstage/catalog-model';
import type { TypedRouter } from '@backstage/backend-openapi-utils';
import type { Request, Response } from 'express';
import type { GitOpsServices } from '../service/GitOpsServices';
import type { ApplicationTarget } from '../service/applicationTarget';
import type { OperationCaller } from '../service/Operations';
import type { EndpointMap } from '../schema/openapi/endpointMap';
import { USER_TOKEN_HEADER } from '../identity/AgentUserIdentity';

/**
 * The router `createOpenApiRouter` returns: a handler registered on it gets
 * its path, query and body typed as the spec describes them, and validated
 * against it (with the spec's defaults filled in) before it runs.
 */
export type GitOpsRouter = TypedRouter<EndpointMap>;

type Principal = BackstageUserPrincipal | BackstageServicePrincipal;

/*
 * What routes add to the service layer: reading the caller and the entity
 * from a request, and answering with secrets scrubbed out.
 */

/** A signed-in user or another backend plugin; never anonymous. */
export function requestCredentials(
  service: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  req: Request<any, any, any, any>,
): Promise<BackstageCredentials<Principal>> {
  return service.httpAuth.credentials(req, {
    allow: ['user', 'service'],
  });
}

/** The path parameters that name an entity. */
type EntityParams = { kind: string; namespace: string; name: string };

/** The entity ref in the route's `:kind/:namespace/:name`. */
export function routeEntityRef(params: EntityParams): CompoundEntityRef {
  return { kind: params.kind, namespace: params.namespace, name: params.name };
}

/** The path parameters that name an application of an entity. */
type ApplicationParams = EntityParams & { agentId: string; appName: string };

/**
 * The application the route names: the entity's, on `:agentId`, named
 * `:appName`, in the namespace `appNamespace` when the query gives one.
 */
export function routeApplication(req: {
  params: ApplicationParams;
  query: { appNamespace?: string };
}): ApplicationTarget {
  const { agentId, appName } = req.params;
  return {
    entityRef: routeEntityRef(req.params),
    agentId,
    name: appName,
    namespace: req.query.appNamespace || undefined,
  };
}

/**
 * Who asks for an operation over HTTP, and on which application: what the
 * operation services take.
 */
export async function operationCaller(
  service: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  req: Request<ApplicationParams, any, any, any>,
): Promise<OperationCaller> {
  const credentials = await requestCredentials(service, req);
  return {
    credentials,
    target: routeApplication(req),
    request: req,
    userToken: requestUserToken(req),
  };
}

/**
 * The signed-in user's OIDC ID token the request carries
 * (`X-GitOps-User-Token`), for agents that decide as the user.
 */
export function requestUserToken(req: Request<any, any, any, any>) {
  const value = req.header(USER_TOKEN_HEADER)?.trim();
  return value ? value : undefined;
}

/**
 * A handler that answers with what `read` returns for the caller and the
 * entity the route names.
 */
export function entityAnswer(
  service: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  read: (
    credentials: BackstageCredentials,
    ref: CompoundEntityRef,
  ) => Promise<unknown>,
) {
  return async (req: Request<EntityParams, any, any, any>, res: Response) => {
    const credentials = await requestCredentials(service, req);
    sendJson(service, res, await read(credentials, routeEntityRef(req.params)));
  };
}

/**
 * A query as the spec's validator hands it over, its lists also read
 * comma-separated, as people type them (`?agent=prod,hx`): each list's
 * values split and trimmed, a list that holds nothing left out.
 */
export function listQuery<Q extends object>(query: Q): Q {
  const read = { ...query } as Record<string, unknown>;
  for (const [key, value] of Object.entries(read)) {
    if (!Array.isArray(value)) continue;
    const values = value
      .flatMap(v => String(v).split(','))
      .map(v => v.trim())
      .filter(Boolean);
    if (values.length) read[key] = values;
    else delete read[key];
  }
  return read as Q;
}

/**
 * A query or body with the fields the spec gives a default typed as
 * present (the validator has filled them in); a field the spec gives no
 * default fails loudly here rather than reaching a service undefined.
 */
export function defaulted<Q extends object, K extends keyof Q>(
  query: Q,
  keys: readonly K[],
): Q & Required<Pick<Q, K>> {
  for (const key of keys) {
    if (query[key] === undefined) {
      throw new Error(`openapi.yaml gives ${String(key)} no default`);
    }
  }
  return query as Q & Required<Pick<Q, K>>;
}

/**
 * Sends JSON with every secret scrubbed out. The text is written as is
 * (`res.end`): no ETag is hashed over it, as these answers change with the
 * fleet and are not revalidated.
 */
export function sendJson(
  service: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  res: Response<any>,
  body: unknown,
  status = 200,
): void {
  const json = service.scrubber.json(body);
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // as res.send sets it (compression removes it when it compresses)
  res.setHeader('Content-Length', String(json.length));
  res.end(json);
}

/**
 * A handler that answers with what `read` returns for the caller and the
 * application the route names.
 */
export function applicationAnswer(
  service: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  read: (
    credentials: BackstageCredentials,
    target: ApplicationTarget,
  ) => Promise<unknown>,
) {
  return async (
    req: Request<ApplicationParams, any, any, any>,
    res: Response,
  ) => {
    const credentials = await requestCredentials(service, req);
    sendJson(service, res, await read(credentials, routeApplication(req)));
  };
}
