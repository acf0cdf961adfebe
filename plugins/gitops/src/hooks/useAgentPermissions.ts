import { useApi } from '@backstage/core-plugin-api';
import type { EntityApplicationRef } from '@gitops-suite/plugin-gitops-common';
import { useRef } from 'react';
import useAsyncRetry from 'react-use/esm/useAsyncRetry';
import { type AgentPermissions, gitopsApiRef } from '../api';

/** What the agent of an application would decide for the signed-in user. */
export interface AgentPermissionsState {
  /** The last answer; kept while a re-read runs, undefined when none came. */
  value?: AgentPermissions;
  error?: Error;
  /** Asks again (after an operation: the user may have signed in again). */
  retry: () => void;
}

/**
 * The agent's decisions on the operations of one application for the
 * signed-in user (`GET .../agent-permissions`, with the user's token),
 * asked when the application is opened and again on `retry`. The backend
 * caches the agent's answers briefly. A failed read decides nothing: the
 * operations stay as the Backstage permissions leave them, and the agent
 * still decides each one when it runs.
 */
export function useAgentPermissions(
  app: EntityApplicationRef,
): AgentPermissionsState {
  const api = useApi(gitopsApiRef);
  const { entityRef, agentId, name, namespace } = app;
  const state = useAsyncRetry(
    () => api.getAgentPermissions({ entityRef, agentId, name, namespace }),
    [api, entityRef, agentId, name, namespace],
  );
  // the last answer stays while the next one is read, so buttons do not flicker
  const last = useRef<AgentPermissions>();
  if (state.value) {
    last.current = state.value;
  } else if (state.error) {
    last.current = undefined;
  }
  return { value: last.current, error: state.error, retry: state.retry };
}
