import { useApi } from '@backstage/core-plugin-api';
import {
  environmentLabel,
  OTHER_ENVIRONMENTS,
} from '@gitops-suite/plugin-gitops-common';
import { useCallback } from 'react';
import useAsync from 'react-use/esm/useAsync';
import { gitopsApiRef } from '../api';

/** What the page calls the applications outside every configured environment. */
export const OTHER_ENVIRONMENTS_TITLE = 'Other (no configured environment)';

/**
 * How to name an environment for people: its label (`environmentLabel`
 * of the common package: "Development" for `dev`).
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
        : environmentLabel(environment, definitions),
    [definitions],
  );
}
