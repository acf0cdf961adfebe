import {
  ApiBlueprint,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/frontend-plugin-api';
import { gitopsApiRef, GitOpsClient } from '../api';

/** The GitOps API (`gitopsApiRef`), over the backend plugin `gitops`. */
export const gitopsApi = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: gitopsApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: ({ discoveryApi, fetchApi }) =>
        new GitOpsClient({ discoveryApi, fetchApi }),
    }),
});
