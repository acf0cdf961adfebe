import { EntityReads } from '../reads/EntityReads';
import type { GitOpsServices } from '../service/GitOpsServices';
import { entityAnswer, GitOpsRouter } from './httpAdapters';

/** An entity's applications grouped by environment, its ApplicationSets and its events. */
export function entityRoutes(
  router: GitOpsRouter,
  ctx: Pick<GitOpsServices, 'httpAuth' | 'scrubber'>,
  entities: EntityReads,
) {
  router.get(
    '/entity/:namespace/:kind/:name/applications',
    entityAnswer(ctx, (credentials, ref) =>
      entities.applications(credentials, ref),
    ),
  );
  router.get(
    '/entity/:namespace/:kind/:name/applicationsets',
    entityAnswer(ctx, (credentials, ref) =>
      entities.applicationSets(credentials, ref),
    ),
  );
  router.get(
    '/entity/:namespace/:kind/:name/syncwindows',
    entityAnswer(ctx, (credentials, ref) =>
      entities.syncWindows(credentials, ref),
    ),
  );
  router.get(
    '/entity/:namespace/:kind/:name/events',
    entityAnswer(ctx, (credentials, ref) => entities.events(credentials, ref)),
  );
}
