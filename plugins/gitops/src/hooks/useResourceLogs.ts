import { useApi } from '@backstage/core-plugin-api';
import type {
  EntityApplicationRef,
  ResourceLogEntry,
  ResourceLogLine,
  ResourceRef,
} from '@gitops-suite/plugin-gitops-common';
import { useEffect, useState } from 'react';
import { gitopsApiRef, ResourceLogRequest } from '../api';

/** The most lines kept on the page; older ones scroll away. */
const MAX_SHOWN_LOG_LINES = 5000;

/** A logs stream as the page shows it. */
export interface ResourceLogsState {
  entries: ResourceLogEntry[];
  /** `streaming` until the stream ends, is cut, fails or is stopped. */
  status: 'streaming' | 'ended' | 'truncated' | 'stopped' | 'error';
  /** Why the backend cut the stream (its size or time limit). */
  truncated?: string;
  error?: Error;
}

/**
 * Streams a resource's log lines while the component is shown and `run`
 * is set; a new request, `run` going false or unmounting (the drawer
 * closed) aborts the read, which cancels it upstream too.
 */
export function useResourceLogs(
  app: EntityApplicationRef,
  resource: ResourceRef,
  request: ResourceLogRequest,
  run: boolean,
): ResourceLogsState {
  const api = useApi(gitopsApiRef);
  const [state, setState] = useState<ResourceLogsState>({
    entries: [],
    status: 'streaming',
  });
  const { entityRef, agentId, name, namespace } = app;
  const { kind, group, version } = resource;
  const resourceName = resource.name;
  const resourceNamespace = resource.namespace;
  const { container, tailLines, follow } = request;

  useEffect(() => {
    if (!run) {
      setState(s =>
        s.status === 'streaming' ? { ...s, status: 'stopped' } : s,
      );
      return undefined;
    }
    const controller = new AbortController();
    setState({ entries: [], status: 'streaming' });
    const onLine = (line: ResourceLogLine) => {
      if (controller.signal.aborted) return;
      setState(s => {
        if (line.entry) {
          const entries = [...s.entries, line.entry];
          return {
            ...s,
            entries:
              entries.length > MAX_SHOWN_LOG_LINES
                ? entries.slice(-MAX_SHOWN_LOG_LINES)
                : entries,
          };
        }
        if (line.truncated) {
          return {
            ...s,
            status: 'truncated',
            truncated: line.truncated.message,
          };
        }
        if (line.error) {
          return {
            ...s,
            status: 'error',
            error: new Error(line.error.message),
          };
        }
        return { ...s, status: 'ended' };
      });
    };
    api
      .streamResourceLogs(
        { entityRef, agentId, name, namespace },
        {
          kind,
          name: resourceName,
          ...(group !== undefined && { group }),
          ...(version && { version }),
          ...(resourceNamespace && { namespace: resourceNamespace }),
        },
        { container, tailLines, follow },
        onLine,
        controller.signal,
      )
      .then(() => {
        // a read this effect cancelled says nothing of the next one
        if (controller.signal.aborted) return;
        setState(s =>
          s.status === 'streaming' ? { ...s, status: 'ended' } : s,
        );
      })
      .catch(error => {
        if (!controller.signal.aborted) {
          setState(s => ({ ...s, status: 'error', error }));
        }
      });
    return () => controller.abort();
  }, [
    api,
    run,
    entityRef,
    agentId,
    name,
    namespace,
    kind,
    group,
    version,
    resourceName,
    resourceNamespace,
    container,
    tailLines,
    follow,
  ]);
  return state;
}
