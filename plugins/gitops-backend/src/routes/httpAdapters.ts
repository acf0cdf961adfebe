import {
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
} from '@backstage/backend-plugin-api';
import type { Entity } from '@backstage/catalog-model';
import type { GitOpsEntityQuery } from '@gitops-suite/plugin-gitops-common';
import type { Request, Response } from 'express';
import { GitOpsService } from '../service/GitOpsService';

type Principal = BackstageUserPrincipal | BackstageServicePrincipal;

/*
 * What routes add to the service layer: reading the caller and the entity
 * from a request, and answering with secrets scrubbed out.
 */

/** A signed-in user or another backend plugin; never anonymous. */
export function requestCredentials(
  service: GitOpsService,
  req: Request,
): Promise<BackstageCredentials<Principal>> {
  return service.deps.httpAuth.credentials(req, {
    allow: ['user', 'service'],
  });
}

/** The entity named by the route's `:kind/:namespace/:name`. */
export function routeEntity(
  service: GitOpsService,
  req: Request,
  credentials: BackstageCredentials,
): Promise<{ entity: Entity; entityRef: string; query: GitOpsEntityQuery }> {
  return service.entityByRef(
    {
      kind: req.params.kind,
      namespace: req.params.namespace,
      name: req.params.name,
    },
    credentials,
  );
}

/**
 * Sends JSON with every secret scrubbed out. The text is written as is
 * (`res.end`): no ETag is hashed over it, as these answers change with the
 * fleet and are not revalidated.
 */
export function sendJson(
  service: GitOpsService,
  res: Response,
  body: unknown,
  status = 200,
): void {
  const json = service.json(body);
  res.status(status);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // as res.send sets it (compression removes it when it compresses)
  res.setHeader('Content-Length', String(json.length));
  res.end(json);
}
