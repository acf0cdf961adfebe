import {
  OperationState,
  sanitizeAgentText,
} from '@gitops-suite/plugin-gitops-common';
import type {
  ArgoOperationState,
  ArgoRetryStrategy,
  ArgoSyncStrategyApply,
} from './argoCdTypes';

type OperationOptions = Pick<
  OperationState,
  'syncOptions' | 'force' | 'applyOnly' | 'retry'
>;

function isForced(apply: ArgoSyncStrategyApply | undefined): boolean {
  return Boolean(apply?.force ?? apply?.syncStrategyApply?.force);
}

function normalizeRetry(retry: ArgoRetryStrategy | undefined) {
  const limit = Number(retry?.limit ?? 0);
  // a limit of 0 retries nothing
  if (!Number.isFinite(limit) || limit === 0) return undefined;
  const result: NonNullable<OperationOptions['retry']> = { limit };
  const backoff = retry?.backoff;
  if (backoff) {
    result.backoff = {};
    if (backoff.duration) {
      result.backoff.duration = sanitizeAgentText(backoff.duration);
    }
    if (backoff.factor !== undefined) {
      result.backoff.factor = Number(backoff.factor);
    }
    if (backoff.maxDuration) {
      result.backoff.maxDuration = sanitizeAgentText(backoff.maxDuration);
    }
  }
  return result;
}

/**
 * How the operation was asked to sync: its sync options, force and apply
 * only (`syncStrategy`, Argo CD's or Harness's JSON of it) and retries. A
 * lean read has none of them (its `operation.sync` is the sync's result).
 */
export function normalizeOperationOptions(
  state: ArgoOperationState,
): OperationOptions {
  const result: OperationOptions = {};
  const sync = state.operation?.sync;
  if (sync?.syncOptions?.length) {
    result.syncOptions = sync.syncOptions.map(option =>
      sanitizeAgentText(option),
    );
  }
  const strategy = sync?.syncStrategy;
  if (strategy?.apply) result.applyOnly = true;
  if (isForced(strategy?.apply ?? strategy?.hook)) result.force = true;
  const retry = normalizeRetry(state.operation?.retry);
  if (retry) result.retry = retry;
  return result;
}
