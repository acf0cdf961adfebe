import { ApiError, GrpcCode } from '../http/ApiError';
import { sha1Hex } from '../util/hash';
import { JsonObject } from '../util/json';
import { isoSeconds } from '../util/time';
import type { AgentStore } from './AgentStore';
import type { Operations } from './operations';
import { AppRecord } from './types';

/*
 * Argo CD's source hydrator, as the sandbox plays it: an application with
 * `spec.sourceHydrator` is rendered from a dry source (a branch of its
 * repository) to a sync branch, from which it syncs. The sandbox's
 * repository history is the sync branch: each hydration is a commit there.
 * Moving the dry branch (the control API) hydrates every application of
 * that dry source; a value the render cannot take fails the hydration.
 */

/** The source a hydrated application syncs from (Argo CD's `GetSource`). */
export function hydratorSyncSource(app: JsonObject): JsonObject | undefined {
  const hydrator = app.spec?.sourceHydrator;
  if (!hydrator?.drySource) return undefined;
  return {
    repoURL: hydrator.syncSource?.repoURL || hydrator.drySource.repoURL,
    path: hydrator.syncSource?.path,
    targetRevision: hydrator.syncSource?.targetBranch,
  };
}

/** The dry commit a hydrated commit of the repository was rendered from. */
export function drySHAOf(repoURL: string, hydratedSHA: string): string {
  return sha1Hex('dry', repoURL, hydratedSHA);
}

/** What a scenario says of an application the hydrator renders. */
export interface HydratorInit {
  repoURL: string;
  dryPath: string;
  dryBranch: string;
  syncBranch: string;
  syncPath: string;
  hydrateTo?: string;
}

export function sourceHydratorSpec(init: HydratorInit): JsonObject {
  return {
    drySource: { repoURL: init.repoURL, targetRevision: init.dryBranch, path: init.dryPath },
    syncSource: { targetBranch: init.syncBranch, path: init.syncPath },
    ...(init.hydrateTo && { hydrateTo: { targetBranch: init.hydrateTo } }),
  };
}

/** Argo CD's message when the dry source does not render. */
function failureMessage(dryPath: string, problem: string): string {
  return `failed to hydrate: failed to get manifests: rpc error: code = Unknown desc = Manifest generation error: \`kustomize build ${dryPath}\` failed: ${problem}`;
}

/**
 * The status of a freshly rendered application: hydrated at the dry commit
 * of what git wants now, or (`failed`) failing on a newer dry commit.
 */
export function initialHydratorStatus(
  record: AppRecord,
  options: { failed: boolean; now: number },
): JsonObject {
  const spec = record.app.spec.sourceHydrator;
  const hydratedSHA = record.model.desiredRevision;
  const drySHA = drySHAOf(spec.drySource.repoURL, hydratedSHA);
  const success = { drySHA, hydratedSHA, sourceHydrator: spec };
  if (!options.failed) {
    return {
      lastSuccessfulOperation: success,
      currentOperation: {
        ...success,
        phase: 'Hydrated',
        message: '',
        startedAt: isoSeconds(options.now - 60_000),
        finishedAt: isoSeconds(options.now - 57_000),
      },
      lastComparedDryRevision: drySHA,
    };
  }
  const next = drySHAOf(spec.drySource.repoURL, `${hydratedSHA}+1`);
  return {
    lastSuccessfulOperation: success,
    currentOperation: {
      phase: 'Failed',
      message: failureMessage(
        spec.drySource.path,
        'replicas: invalid value "three": must be a non-negative integer',
      ),
      drySHA: next,
      sourceHydrator: spec,
      startedAt: isoSeconds(options.now - 60_000),
      finishedAt: isoSeconds(options.now - 58_000),
    },
    lastComparedDryRevision: next,
  };
}

/** What is wrong with the values of a dry commit, if anything. */
export function invalidValue(values: unknown): string | undefined {
  if (values === undefined) return undefined;
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    throw new ApiError(GrpcCode.InvalidArgument, 'values must be an object');
  }
  const { replicas, image } = values as Record<string, unknown>;
  if (replicas !== undefined && (!Number.isInteger(replicas) || (replicas as number) < 0)) {
    return `replicas: invalid value ${JSON.stringify(replicas)}: must be a non-negative integer`;
  }
  if (image !== undefined && (typeof image !== 'string' || !/^[\w.\-/:@]+$/.test(image))) {
    return `images: invalid image ${JSON.stringify(image)}`;
  }
  return undefined;
}

/** The applications rendered from the same dry source as the record. */
function sameDrySource(store: AgentStore, record: AppRecord): AppRecord[] {
  const dry = record.app.spec?.sourceHydrator?.drySource;
  if (!dry) {
    throw new ApiError(
      GrpcCode.FailedPrecondition,
      `application ${record.app.metadata.name} is not rendered by the source hydrator (no spec.sourceHydrator)`,
    );
  }
  return [...store.apps.values()].filter(other => {
    const theirs = other.app.spec?.sourceHydrator?.drySource;
    return theirs?.repoURL === dry.repoURL && theirs?.targetRevision === dry.targetRevision;
  });
}

/** The outcome of moving a dry branch. */
export interface HydrationResult {
  drySHA: string;
  hydratedSHA?: string;
  phase: 'Hydrated' | 'Failed';
  message?: string;
  applications: string[];
}

/**
 * Someone pushed to the dry branch of the record's dry source: every
 * application of that dry source hydrates. Valid values give one hydrated
 * commit on the sync branch, which the applications then refresh to (the
 * automated ones sync); an invalid value fails the hydration with the
 * render's message and leaves the last hydrated commit in place.
 */
export function moveDryBranch(
  store: AgentStore,
  operations: Operations,
  record: AppRecord,
  options: { values?: unknown; message?: string },
): HydrationResult {
  const peers = sameDrySource(store, record);
  const problem = invalidValue(options.values);
  const dry = record.app.spec.sourceHydrator.drySource;
  const started = store.now();
  const drySHA = sha1Hex('dry-push', dry.repoURL, dry.targetRevision, started, store.resourceVersion());
  let hydratedSHA: string | undefined;
  if (!problem) {
    hydratedSHA = operations.pushCommit(record.model.source.repoUrl, {
      message: options.message ?? `[Argo CD Bot] hydrate ${drySHA.slice(0, 7)}`,
    }).sha;
  }
  const finished = isoSeconds(store.now());
  for (const peer of peers) {
    const spec = peer.app.spec.sourceHydrator;
    const status: JsonObject = (peer.app.status ??= {});
    const previous: JsonObject = status.sourceHydrator ?? {};
    const current: JsonObject = {
      phase: problem ? 'Failed' : 'Hydrated',
      message: problem ? failureMessage(spec.drySource.path, problem) : '',
      drySHA,
      ...(hydratedSHA && { hydratedSHA }),
      sourceHydrator: spec,
      startedAt: isoSeconds(started),
      finishedAt: finished,
    };
    status.sourceHydrator = {
      ...previous,
      currentOperation: current,
      ...(hydratedSHA && {
        lastSuccessfulOperation: { drySHA, hydratedSHA, sourceHydrator: spec },
      }),
      lastComparedDryRevision: drySHA,
    };
    // a new hydrated commit: the application refreshes to it (and tells
    // the streams); a failed one only changes the hydrator's status
    if (hydratedSHA) operations.refresh(peer, false);
    else store.changed(peer);
  }
  return {
    drySHA,
    ...(hydratedSHA && { hydratedSHA }),
    phase: problem ? 'Failed' : 'Hydrated',
    ...(problem && { message: failureMessage(dry.path, problem) }),
    applications: peers.map(peer => peer.app.metadata.name),
  };
}
