import { useApi } from '@backstage/core-plugin-api';
import {
  environmentTitle,
  OTHER_ENVIRONMENTS,
} from '@gitops-suite/plugin-gitops-common';
import { useCallback } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../api';

/** What the page calls the applications outside every configured environment. */
export const OTHER_ENVIRONMENTS_TITLE = 'Other (no configured environment)';

/**
 * How to name an environment for people: its configured title
 * ("Development" for `dev`), else its name as is.
 */
export function useEnvironmentTitles(): (environment: string) => string {
  const api = useApi(gitopsApiRef);
  const { value: definitions = [] } = useAsync(
    () => api.getEnvironments(),
    [api],
  );
  return useCallback(
    (environment: string) =>
      environment === OTHER_ENVIRONMENTS
        ? OTHER_ENVIRONMENTS_TITLE
        : environmentTitle(environment, definitions),
    [definitions],
  );
}
