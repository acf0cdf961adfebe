import { useApi } from '@backstage/core-plugin-api';
import type {
  GitOpsApplication,
  OperationResponse,
  OperationState,
  RefreshRequest,
  RollbackRequest,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApplicationRef, GitOpsApi, gitopsApiRef } from '../api';
import { errorMessage } from '../lib/errorMessage';

/** An operation the user can start from the UI. */
export type OperationKind = 'refresh' | 'sync' | 'rollback';

/** Where the last operation started from the UI stands. */
export interface OperationStatus {
  kind: OperationKind;
  state: 'running' | 'succeeded' | 'failed' | 'timeout';
  /** The agent's (or backend's) message. */
  message?: string;
  /** The application as last read. */
  application?: GitOpsApplication;
  auditId?: string;
  dryRun?: boolean;
}

/** Pacing of {@link useOperation}. */
export interface OperationOptions {
  /** The pause between reads of the application while it runs. */
  pollIntervalMs?: number;
  /** How long to follow an operation before giving up. */
  timeoutMs?: number;
  /** Called once an operation has ended, whichever way. */
  onSettled?: (status: OperationStatus) => void;
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Tells one operation from another, even without a start time. */
function signature(operation: OperationState | undefined): string | undefined {
  if (!operation) {
    return undefined;
  }
  const { startedAt, finishedAt, phase, message, revision } = operation;
  return JSON.stringify([startedAt, finishedAt, phase, message, revision]);
}

/**
 * The end of the operation the user started, when `app` shows it: an
 * operation other than the one known before (`previous`), no longer
 * running.
 */
function settledOperation(
  app: GitOpsApplication,
  previous: string | undefined,
) {
  const operation = app.operation;
  if (
    !operation ||
    operation.phase === 'Running' ||
    operation.phase === 'Terminating'
  ) {
    return undefined;
  }
  if (previous !== undefined && signature(operation) === previous) {
    return undefined;
  }
  return operation;
}

function start(
  api: GitOpsApi,
  kind: OperationKind,
  ref: ApplicationRef,
  request: RefreshRequest | SyncRequest | RollbackRequest,
): Promise<OperationResponse> {
  switch (kind) {
    case 'refresh':
      return api.refreshApplication(ref, request as RefreshRequest);
    case 'sync':
      return api.syncApplication(ref, request as SyncRequest);
    default:
      return api.rollbackApplication(ref, request as RollbackRequest);
  }
}

/**
 * Runs refresh, sync and rollback on one application and follows a sync or
 * rollback by reading the application until its operation is no longer
 * running (at most `timeoutMs`, 60 s by default).
 */
export function useOperation(
  ref: ApplicationRef,
  application: GitOpsApplication | undefined,
  {
    pollIntervalMs = 2_000,
    timeoutMs = 60_000,
    onSettled,
  }: OperationOptions = {},
) {
  const api = useApi(gitopsApiRef);
  const [status, setStatus] = useState<OperationStatus | undefined>();
  const mounted = useRef(true);
  const latest = useRef({ application, onSettled });
  latest.current = { application, onSettled };
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const settle = useCallback((next: OperationStatus) => {
    if (mounted.current) {
      setStatus(next);
      latest.current.onSettled?.(next);
    }
  }, []);

  const follow = useCallback(
    async (
      kind: OperationKind,
      response: OperationResponse,
      dryRun: boolean,
      previous?: string,
    ) => {
      const deadline = Date.now() + timeoutMs;
      let app = response.application;
      const base = { kind, auditId: response.auditId, dryRun };
      for (;;) {
        const operation = settledOperation(app, previous);
        if (operation) {
          const ok = operation.phase === 'Succeeded';
          settle({
            ...base,
            state: ok ? 'succeeded' : 'failed',
            message: operation.message,
            application: app,
          });
          return;
        }
        if (!mounted.current) {
          return;
        }
        setStatus({
          ...base,
          state: 'running',
          message: app.operation?.message,
          application: app,
        });
        if (Date.now() >= deadline) {
          settle({
            ...base,
            state: 'timeout',
            message: `Still running after ${Math.round(
              timeoutMs / 1000,
            )} s; follow it in the agent's UI.`,
            application: app,
          });
          return;
        }
        await sleep(pollIntervalMs);
        app = await api.getApplication(ref);
      }
    },
    [api, ref, pollIntervalMs, timeoutMs, settle],
  );

  const run = useCallback(
    async (
      kind: OperationKind,
      request: RefreshRequest | SyncRequest | RollbackRequest,
    ) => {
      const previous = signature(latest.current.application?.operation);
      const dryRun = 'dryRun' in request && Boolean(request.dryRun);
      setStatus({ kind, state: 'running', dryRun });
      try {
        const response = await start(api, kind, ref, request);
        if (kind === 'refresh') {
          settle({
            kind,
            state: 'succeeded',
            auditId: response.auditId,
            application: response.application,
          });
          return;
        }
        await follow(kind, response, dryRun, previous);
      } catch (error) {
        settle({ kind, state: 'failed', dryRun, message: errorMessage(error) });
      }
    },
    [api, ref, follow, settle],
  );

  return {
    status,
    running: status?.state === 'running',
    refresh: useCallback(
      (request: RefreshRequest) => run('refresh', request),
      [run],
    ),
    sync: useCallback((request: SyncRequest) => run('sync', request), [run]),
    rollback: useCallback(
      (request: RollbackRequest) => run('rollback', request),
      [run],
    ),
    reset: useCallback(() => setStatus(undefined), []),
  };
}
