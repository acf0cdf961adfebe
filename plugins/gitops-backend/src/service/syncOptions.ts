import type {
  SyncOption,
  SyncRequest,
} from '@gitops-suite/plugin-gitops-common';
import { spec } from '../schema/openapi';

function keyOf(option: string): string {
  return option.split('=')[0].trim();
}

/** The keys of the sync options a caller may choose (the spec's SyncOption). */
const OFFERED_KEYS = new Set<string>(
  spec.components.schemas.SyncOption.enum.map(keyOf),
);

/**
 * The sync options a sync is sent with. Options given replace the
 * application's (`spec.syncPolicy.syncOptions`) at the agent, as Argo CD's
 * server takes them, so the application's own options that no caller can
 * choose here (`PrunePropagationPolicy=foreground`, say) go along; those a
 * caller can choose are as chosen. None given: the agent takes the
 * application's.
 */
export function syncOptionsFor(
  chosen: SyncRequest['syncOptions'],
  policy: readonly string[],
): SyncRequest['syncOptions'] {
  if (!chosen) return undefined;
  const kept = policy.filter(option => !OFFERED_KEYS.has(keyOf(option)));
  // the application's own options, outside the spec's enum on purpose: the
  // agent has them already
  return [...kept, ...chosen] as SyncOption[];
}
