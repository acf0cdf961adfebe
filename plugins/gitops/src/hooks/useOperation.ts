import { useApi } from '@backstage/core-plugin-api';
import type {
  EntityApplicationRef,
  GitOpsApplication,
  OperationResponse,
  OperationState,
  RefreshRequest,
  RollbackRequest,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GitOpsApi, gitopsApiRef } from '../api';
import { errorMessage } from '../lib/errorMessage';
import { operationUnderWay } from '../lib/operationUnderWay';

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

/** How {@link useOperation} follows an operation. */
export interface OperationOptions {
  /**
   * Where signals are not installed: the pause between reads of the
   * application while its operation is under way (see
   * `useApplicationDetails`, which reads it).
   */
  pollIntervalMs?: number;
  /** How long to follow an operation before giving up. */
  timeoutMs?: number;
  /** Called once a sync or rollback is accepted, to re-read the application. */
  onStarted?: () => void;
  /** Called once an operation has ended, whichever way. */
  onSettled?: (status: OperationStatus) => void;
}

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
 * under way.
 */
function settledOperation(
  app: GitOpsApplication,
  previous: string | undefined,
) {
  const operation = app.operation;
  if (!operation || operationUnderWay(operation)) {
    return undefined;
  }
  if (previous !== undefined && signature(operation) === previous) {
    return undefined;
  }
  return operation;
}

/** A sync or rollback being followed. */
interface Followed {
  base: Pick<OperationStatus, 'kind' | 'auditId' | 'dryRun'>;
  /** The signature of the operation known before it started. */
  previous?: string;
  /** The application as known when it started (not read since). */
  before?: GitOpsApplication;
}

function start(
  api: GitOpsApi,
  kind: OperationKind,
  ref: EntityApplicationRef,
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
 * rollback until its operation is no longer under way (at most
 * `timeoutMs`, 60 s by default). It reads nothing itself: it follows
 * `application` as the application's one follower (`useApplicationDetails`,
 * re-read on its signals) hands it down.
 */
export function useOperation(
  ref: EntityApplicationRef,
  application: GitOpsApplication | undefined,
  { timeoutMs = 60_000, onStarted, onSettled }: OperationOptions = {},
) {
  const api = useApi(gitopsApiRef);
  const [status, setStatus] = useState<OperationStatus | undefined>();
  const [followed, setFollowed] = useState<Followed | undefined>();
  const mounted = useRef(true);
  const lastSeen = useRef<GitOpsApplication>();
  const latest = useRef({ application, onStarted, onSettled });
  latest.current = { application, onStarted, onSettled };
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const settle = useCallback((next: OperationStatus) => {
    if (mounted.current) {
      setFollowed(undefined);
      setStatus(next);
      latest.current.onSettled?.(next);
    }
  }, []);

  /** Settles when `app` shows the operation ended; says whether it did. */
  const observe = useCallback(
    (current: Followed, app: GitOpsApplication): boolean => {
      const operation = settledOperation(app, current.previous);
      if (operation) {
        settle({
          ...current.base,
          state: operation.phase === 'Succeeded' ? 'succeeded' : 'failed',
          message: operation.message,
          application: app,
        });
        return true;
      }
      lastSeen.current = app;
      setStatus({
        ...current.base,
        state: 'running',
        message: app.operation?.message,
        application: app,
      });
      return false;
    },
    [settle],
  );

  // each new read of the application, while an operation is followed
  useEffect(() => {
    if (followed && application && application !== followed.before) {
      observe(followed, application);
    }
  }, [followed, application, observe]);

  useEffect(() => {
    if (!followed) {
      return undefined;
    }
    const timer = setTimeout(
      () =>
        settle({
          ...followed.base,
          state: 'timeout',
          message: `Still running after ${Math.round(
            timeoutMs / 1000,
          )} s; follow it in the agent's UI.`,
          application: lastSeen.current,
        }),
      timeoutMs,
    );
    return () => clearTimeout(timer);
  }, [followed, timeoutMs, settle]);

  const run = useCallback(
    async (
      kind: OperationKind,
      request: RefreshRequest | SyncRequest | RollbackRequest,
    ) => {
      const before = latest.current.application;
      const previous = signature(before?.operation);
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
        const current: Followed = {
          base: { kind, auditId: response.auditId, dryRun },
          previous,
          before,
        };
        if (mounted.current && !observe(current, response.application)) {
          setFollowed(current);
          latest.current.onStarted?.();
        }
      } catch (error) {
        settle({ kind, state: 'failed', dryRun, message: errorMessage(error) });
      }
    },
    [api, ref, observe, settle],
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
