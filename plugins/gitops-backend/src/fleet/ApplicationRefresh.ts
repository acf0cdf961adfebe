import { ApplicationRef } from '@gitops-suite/plugin-gitops-node';
import { ProviderRegistry } from '../providers/ProviderRegistry';
import { FleetState } from './FleetState';
import { FleetFeeder } from './types';

/**
 * What an operation writes to the fleet state, apart from the feeders: the
 * application it touched, re-read at once, so the next read shows it.
 */
export class ApplicationRefresh {
  constructor(
    private readonly registry: ProviderRegistry,
    private readonly state: FleetState,
    private readonly feeders: Map<string, FleetFeeder>,
  ) {}

  /**
   * After an operation: the application is re-read at once, and the agent
   * resynced when the operation may have touched more than one object (no
   * `ref`) or the read fails.
   */
  async applicationChanged(agentId: string, ref?: ApplicationRef) {
    if (!ref) {
      this.feeders.get(agentId)?.resync();
      return;
    }
    const provider = this.registry.get(agentId);
    try {
      const app = await provider.getApplication(ref, {
        signal: AbortSignal.timeout(this.registry.timeoutMs(agentId)),
      });
      if (this.state.loaded(agentId))
        this.state.upsertApplication(agentId, app);
    } catch {
      this.feeders.get(agentId)?.resync();
    }
  }
}
