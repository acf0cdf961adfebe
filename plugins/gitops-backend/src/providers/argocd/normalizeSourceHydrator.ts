import {
  HYDRATION_PHASES,
  HydrateOperation,
  HydrationPhase,
  sanitizeAgentText,
  SourceHydrator,
} from '@gitops-suite/plugin-gitops-common';

/** `spec.sourceHydrator` (v1alpha1SourceHydrator). */
export interface ArgoSourceHydrator {
  drySource?: { repoURL?: string; targetRevision?: string; path?: string };
  syncSource?: { repoURL?: string; targetBranch?: string; path?: string };
  hydrateTo?: { targetBranch?: string };
}

/** `status.sourceHydrator` (v1alpha1SourceHydratorStatus). */
export interface ArgoSourceHydratorStatus {
  lastSuccessfulOperation?: { drySHA?: string; hydratedSHA?: string };
  currentOperation?: {
    phase?: string;
    message?: string;
    drySHA?: string;
    hydratedSHA?: string;
    startedAt?: string;
    finishedAt?: string;
  };
  lastComparedDryRevision?: string;
}

function currentOperation(
  raw: ArgoSourceHydratorStatus['currentOperation'],
): HydrateOperation | undefined {
  if (!raw?.phase) return undefined;
  const phase = HYDRATION_PHASES.includes(raw.phase as HydrationPhase)
    ? (raw.phase as HydrationPhase)
    : // a phase this suite does not know yet is reported, not hidden
      'Failed';
  const operation: HydrateOperation = { phase };
  if (raw.message) {
    operation.message = sanitizeAgentText(raw.message, { multiline: true });
  } else if (phase !== raw.phase) {
    operation.message = `phase ${sanitizeAgentText(raw.phase)}`;
  }
  if (raw.drySHA) operation.drySHA = raw.drySHA;
  if (raw.hydratedSHA) operation.hydratedSHA = raw.hydratedSHA;
  if (raw.startedAt) operation.startedAt = raw.startedAt;
  if (raw.finishedAt) operation.finishedAt = raw.finishedAt;
  return operation;
}

/**
 * Maps an application's `spec.sourceHydrator` and `status.sourceHydrator`
 * to the suite's model; undefined when the application is not rendered by
 * the source hydrator. The sync source's repository defaults to the dry
 * source's, as Argo CD's does.
 */
export function normalizeSourceHydrator(
  spec: ArgoSourceHydrator | undefined,
  status: ArgoSourceHydratorStatus | undefined,
): SourceHydrator | undefined {
  if (!spec?.drySource) return undefined;
  const repoURL = spec.drySource.repoURL ?? '';
  const hydrator: SourceHydrator = {
    drySource: {
      repoURL,
      targetRevision: spec.drySource.targetRevision ?? 'HEAD',
      path: spec.drySource.path ?? '',
    },
    syncSource: {
      repoURL: spec.syncSource?.repoURL || repoURL,
      targetBranch: spec.syncSource?.targetBranch ?? '',
      path: spec.syncSource?.path ?? '',
    },
  };
  if (spec.hydrateTo?.targetBranch) {
    hydrator.hydrateTo = { targetBranch: spec.hydrateTo.targetBranch };
  }
  const last = status?.lastSuccessfulOperation;
  if (last?.drySHA || last?.hydratedSHA) {
    hydrator.lastSuccessfulOperation = {
      ...(last.drySHA && { drySHA: last.drySHA }),
      ...(last.hydratedSHA && { hydratedSHA: last.hydratedSHA }),
    };
  }
  const current = currentOperation(status?.currentOperation);
  if (current) hydrator.currentOperation = current;
  if (status?.lastComparedDryRevision) {
    hydrator.lastComparedDryRevision = status.lastComparedDryRevision;
  }
  return hydrator;
}
