import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { GitOpsService } from '../service/GitOpsService';
import { createGetEntityGitOpsStatusAction } from './createGetEntityGitOpsStatusAction';
import { createListDegradedApplicationsAction } from './createListDegradedApplicationsAction';
import { createRefreshApplicationAction } from './createRefreshApplicationAction';
import { createSyncApplicationAction } from './createSyncApplicationAction';

/**
 * Registers the GitOps actions (ids `gitops:<name>`) for automation and AI
 * assistants; each goes through the same checks and audit as its HTTP route.
 */
export const createGitOpsActions = (options: {
  ctx: GitOpsService;
  actionsRegistry: ActionsRegistryService;
}) => {
  createGetEntityGitOpsStatusAction(options);
  createListDegradedApplicationsAction(options);
  createRefreshApplicationAction(options);
  createSyncApplicationAction(options);
};
