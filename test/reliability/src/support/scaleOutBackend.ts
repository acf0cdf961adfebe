/*
 * A backend process for the scale-out suite: Backstage's own createBackend
 * with the gitops plugin and the one other service it needs (a catalog, here
 * an in-memory one with the entities from GITOPS_RELIABILITY_ENTITIES).
 * Config comes from the --config files on the command line.
 */
import { createBackend } from '@backstage/backend-defaults';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';

const backend = createBackend();
backend.add(import('@gitops-suite/plugin-gitops-backend'));
backend.add(
  catalogServiceMock.factory({
    entities: JSON.parse(process.env.GITOPS_RELIABILITY_ENTITIES ?? '[]'),
  }),
);
backend.start().catch(error => {
  process.stderr.write(`scale-out backend failed to start: ${error}\n`);
  process.exit(1);
});
