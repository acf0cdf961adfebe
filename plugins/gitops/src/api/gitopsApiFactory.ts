import {
  createApiFactory,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { gitopsApiRef } from './GitOpsApi';
import { GitOpsClient } from './GitOpsClient';
import { gitOpsUserIdentityApiRef } from './GitOpsUserIdentityApi';

/**
 * The GitOps API (`gitopsApiRef`) over the backend plugin `gitops`, for
 * both the legacy plugin and the new frontend system's API extension.
 */
export const gitopsApiFactory = createApiFactory({
  api: gitopsApiRef,
  deps: {
    discoveryApi: discoveryApiRef,
    fetchApi: fetchApiRef,
    userIdentityApi: gitOpsUserIdentityApiRef,
  },
  factory: ({ discoveryApi, fetchApi, userIdentityApi }) =>
    new GitOpsClient({ discoveryApi, fetchApi, userIdentityApi }),
});
