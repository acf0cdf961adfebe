import { ActionsRegistryService } from '@backstage/backend-plugin-api/alpha';
import { InputError } from '@backstage/errors';
import { jsonBoundsProblem } from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import { knownError } from '../service/knownErrors';
import { createGetApplicationResourceAction } from './createGetApplicationResourceAction';
import { createGetEntityGitOpsStatusAction } from './createGetEntityGitOpsStatusAction';
import { createListDegradedApplicationsAction } from './createListDegradedApplicationsAction';
import { createOperationControlActions } from './createOperationControlActions';
import { createRefreshApplicationAction } from './createRefreshApplicationAction';
import { createSyncApplicationAction } from './createSyncApplicationAction';

/**
 * Registers the GitOps actions (ids `gitops:<name>`) for automation and AI
 * assistants; each goes through the same checks and audit as its HTTP route.
 */
export const createGitOpsActions = (options: {
  ctx: GitOpsServices;
  actionsRegistry: ActionsRegistryService;
}) => {
  // every action's errors as the routes' (a database that is away is a 503)
  // and every action's input bounded
  const actionsRegistry: ActionsRegistryService = {
    register: action =>
      options.actionsRegistry.register({
        ...action,
        action: async context => {
          try {
            // every input bounded (depth, size), as every HTTP body is
            const problem = jsonBoundsProblem(context.input);
            if (problem) {
              throw new InputError(`The input of ${action.name} ${problem}`);
            }
            return await action.action(context);
          } catch (error) {
            throw knownError(error);
          }
        },
      }),
  };
  const { ctx } = options;
  const registrations = [
    createGetEntityGitOpsStatusAction(ctx),
    createGetApplicationResourceAction(ctx),
    createListDegradedApplicationsAction(ctx),
    createRefreshApplicationAction(ctx),
    createSyncApplicationAction(ctx),
    ...createOperationControlActions(ctx),
  ];
  registrations.forEach(register => register(actionsRegistry));
};
