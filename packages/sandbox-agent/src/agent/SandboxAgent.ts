import type { ServerResponse } from 'node:http';
import { FaultInjector } from '../faults/FaultInjector';
import { StreamFaults } from '../faults/StreamFaults';
import { GitCatalog } from '../git/GitCatalog';
import type { IdentityProvider } from '../idp/IdentityProvider';
import { Router } from '../http/Router';
import { buildAgentState } from '../scenario/buildAgentState';
import { AgentSpec, Scenario } from '../scenario/schema';
import { AgentConfig, agentConfig } from '../state/AgentConfig';
import { AgentStore } from '../state/AgentStore';
import { EventLog } from '../state/EventLog';
import { ApplicationSets } from '../state/applicationSets';
import { Operations } from '../state/operations';
import { ResourceActivity } from '../state/resourceActivity';
import { resumeRollouts } from '../state/rollout/RolloutController';

/** Options every agent of one sandbox shares. */
export interface AgentRuntimeOptions {
  seed: string;
  /** The scenario's git repositories, shared by the agents (copy on write). */
  baseGit?: GitCatalog;
  /** Reference time of the scenario (fixed `now`), or undefined for the clock. */
  fixedNow?: number;
  /** The sandbox's identity provider, whose ID tokens an agent with `oidc` accepts. */
  idp?: IdentityProvider;
}

/**
 * One agent of the sandbox: its state, the controller operations on it,
 * its faults, whether it is up, and its routers (API and control).
 */
export class SandboxAgent {
  readonly id: string;
  readonly kind: 'argocd' | 'harness';
  readonly config: AgentConfig;
  readonly store: AgentStore;
  readonly operations: Operations;
  readonly applicationSets: ApplicationSets;
  readonly faults: FaultInjector;
  /** The routes of the agent's API (Argo CD or Harness). */
  api!: Router;
  /** The /_sandbox control routes. */
  control!: Router;
  stopped = false;
  /** A Harness agent deleted from its account: gone from the gateway (control API). */
  leftAccount = false;
  /** Open watch streams (ended when the agent stops or the sandbox closes). */
  readonly streams = new Set<ServerResponse>();
  /** Faults of the open watch streams (cut, stall, malformed line). */
  readonly streamFaults = new StreamFaults();
  /** Recent changes, for watches resumed from a resource version. */
  readonly events: EventLog;
  /** Kubernetes events and pod log lines written through the control API. */
  readonly activity = new ResourceActivity();

  constructor(
    private readonly scenario: Scenario,
    readonly spec: AgentSpec,
    private readonly options: AgentRuntimeOptions,
  ) {
    this.id = spec.id;
    this.kind = spec.kind;
    this.config = agentConfig(spec);
    this.store = new AgentStore(this.config, options.seed);
    this.events = new EventLog(this.store);
    this.operations = new Operations(this.store);
    this.applicationSets = new ApplicationSets(this.store, this.operations);
    this.faults = new FaultInjector(this.id, this.config.faults);
    this.stopped = Boolean(spec.stopped);
    this.reset();
  }

  /** The identity provider whose ID tokens the agent accepts (its `oidc`), if any. */
  get idp(): IdentityProvider | undefined {
    return this.spec.oidc ? this.options.idp : undefined;
  }

  /** Rebuilds the agent's state from the scenario (and its scenario faults). */
  reset() {
    const now = this.options.fixedNow ?? Date.now();
    const state = buildAgentState(this.scenario, this.spec, this.config, {
      seed: this.options.seed,
      now,
      baseGit: this.options.baseGit,
    });
    this.store.load(state);
    // canaries under way take up their steps (a timed pause runs out)
    resumeRollouts(this.store);
    this.leftAccount = false;
    this.activity.clear();
    for (const record of this.store.appSets.values()) {
      this.applicationSets.materialize(record, { deployed: true });
    }
    this.faults.set(this.config.faults);
  }

  /** Every secret value the agent holds or has handed out. */
  secretValues(): string[] {
    return [...this.store.secrets, ...this.store.sessions.keys()];
  }

  /** Cuts every open watch stream (the agent went away). */
  dropStreams(graceful: boolean) {
    for (const res of this.streams) {
      if (graceful) res.end();
      else res.socket?.destroy();
    }
    this.streams.clear();
  }

  close() {
    this.dropStreams(true);
    this.store.close();
  }
}
