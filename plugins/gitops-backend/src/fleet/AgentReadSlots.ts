import pLimit from 'p-limit';

/**
 * The full reads of one application (a whole Application, with its
 * history and operation message) that this replica has in flight at each
 * agent, whichever part asks: the lean details reader and the recorder's
 * history reads take their slots here, so that together they never put
 * more than `perAgent` such reads on one agent (each has its own queue and
 * lanes; this is the limit they share). An agent's slack is not lent to
 * another: a slow agent holds only its own slots.
 */
export class AgentReadSlots {
  private readonly limits = new Map<string, pLimit.Limit>();

  constructor(readonly perAgent = 4) {}

  /** Runs `read` in one of the agent's slots, once one is free. */
  run<T>(agentId: string, read: () => Promise<T>): Promise<T> {
    let limit = this.limits.get(agentId);
    if (!limit) {
      limit = pLimit(this.perAgent);
      this.limits.set(agentId, limit);
    }
    return limit(read);
  }

  /** The reads running and waiting at an agent. */
  load(agentId: string): { running: number; waiting: number } {
    const limit = this.limits.get(agentId);
    return {
      running: limit?.activeCount ?? 0,
      waiting: limit?.pendingCount ?? 0,
    };
  }

  /** Drops what waits at an agent that is no longer followed. */
  forget(agentId: string): void {
    this.limits.get(agentId)?.clearQueue();
    this.limits.delete(agentId);
  }
}
