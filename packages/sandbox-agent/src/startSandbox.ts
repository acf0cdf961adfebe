import { SandboxAgent } from './agent/SandboxAgent';
import { ApiError } from './http/ApiError';
import { loadScenarioFile, parseScenario } from './scenario/loadScenario';
import { FaultConfig, Scenario, ScenarioInput, faultConfigSchema } from './scenario/schema';
import { SandboxServer } from './server';
import { scenarioGit } from './scenario/buildAgentState';
import { DriftField } from './state/types';
import { GitHostOptions, RunningGitHost, SandboxGitHostInfo, startGitHost } from './githost/startGitHost';
import { IdentityProvider } from './idp/IdentityProvider';

/** How to start a sandbox: a scenario object or file, and where to listen. */
export interface StartSandboxOptions {
  /** The scenario as an object (validated like a file). */
  scenario?: ScenarioInput | Record<string, unknown>;
  /** A scenario file (YAML or JSON). */
  scenarioPath?: string;
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Where log lines go (default: stderr). */
  log?: (message: string) => void;
  /**
   * Runs a git host speaking GitHub's REST API and git's smart HTTP (set up
   * like GitHub Enterprise), and moves the scenario's github.com
   * repositories there as real git repositories the agents read.
   */
  gitHost?: boolean | GitHostOptions;
}

/** One running agent, as a client configures it. */
export interface SandboxAgentInfo {
  id: string;
  kind: 'argocd' | 'harness';
  /** Base URL: append `/api/v1/...` (Argo CD) or `/gitops/api/v1/...` (Harness). */
  url: string;
  /** Bearer token (Argo CD) or x-api-key (Harness). */
  token: string;
  region?: string;
  /** Argo CD local user for POST /api/v1/session. */
  username?: string;
  password?: string;
  accountIdentifier?: string;
  orgIdentifier?: string;
  projectIdentifier?: string;
  agentIdentifier?: string;
  /** Argo CD: the ID tokens of the sandbox's identity provider it accepts (its `oidc`). */
  oidc?: { allowedAudiences: string[] };
  /** Harness: answers Harness's access control checks for users (its `accessControl`). */
  accessControl?: boolean;
  /** Harness: found through its account only (`harness.foundByAccount`), in no `agents` list. */
  foundByAccount?: boolean;
}

/**
 * A Harness account as a client configures it to find its agents: the
 * sandbox's Harness gateway and the account's API key.
 */
export interface SandboxHarnessAccountInfo {
  /** The gateway's base URL: append `/gitops/api/v1/...`. */
  url: string;
  accountIdentifier: string;
  /** The account's API key (`x-api-key`): its first agent's token, which the scenario gives every agent of the account. */
  token: string;
  /** Every Harness agent of the account, those found by account only included. */
  agents: SandboxAgentInfo[];
}

/** What a drift changed. */
export interface DriftResult {
  application: string;
  namespace?: string;
  field: DriftField;
  path: string;
  resource: { group: string; version: string; kind: string; name: string; namespace?: string };
  target: unknown;
  live: unknown;
  resourceStatus: string;
}

/** The sandbox's OIDC identity provider, as a client (Backstage) configures it. */
export interface SandboxIdpInfo {
  /** `<baseUrl>/idp` unless the scenario names one; discovery at `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  /** The scenario's first client. */
  clientId: string;
  clientSecret?: string;
}

/** A running sandbox. */
export interface Sandbox {
  /** The agents a client configures one by one: all but those found by their Harness account only. */
  agents: SandboxAgentInfo[];
  /**
   * The Harness accounts holding an agent found through its account only
   * (`harness.foundByAccount`), behind the sandbox's gateway.
   */
  harnessAccounts: SandboxHarnessAccountInfo[];
  /** `http://host:port` */
  baseUrl: string;
  port: number;
  /** The agent info of an id (throws for an unknown id). */
  agent(id: string): SandboxAgentInfo;
  /** Takes an agent down: its connections are reset (or answered 503 with mode `unavailable`). */
  stopAgent(id: string, mode?: 'reset' | 'unavailable'): void;
  startAgent(id: string): void;
  /** Replaces an agent's latency and fault settings ({} clears them). */
  setFaults(id: string, faults: FaultConfig): void;
  /** Someone edits the cluster: the app goes OutOfSync with the changed field visible in the diff. */
  drift(id: string, application: string, field?: DriftField, appNamespace?: string): DriftResult;
  /**
   * Holds an application's operations Running until terminated (or releases
   * them, `hold` false); with `sync`, starts a sync that stays Running.
   */
  holdOperations(id: string, application: string, options?: { hold?: boolean; sync?: boolean; appNamespace?: string }): void;
  /** Someone pushes to git: a new head commit (seen by apps on their next refresh). */
  commit(options: { service?: string; repo?: string; agent?: string; message?: string; signed?: boolean; refresh?: boolean }): string;
  /** Restores an agent's (or every agent's) scenario state. */
  reset(id?: string): void;
  /** Every secret value the sandbox holds or has issued (tokens, passwords, keys, Secret data). */
  secretValues(): string[];
  /** The scenario as validated (after `generate` expansion; repositories on the git host when it runs). */
  scenario: Scenario;
  /** The git host, when started with `gitHost`. */
  gitHost?: SandboxGitHostInfo;
  /** The identity provider, when the scenario has `identity`. */
  idp?: SandboxIdpInfo;
  /**
   * An ID token of the identity provider for one of its users (audience:
   * the first client; a negative `expiresInSeconds` gives an expired token).
   */
  idToken(username: string, options?: { audience?: string; expiresInSeconds?: number }): string;
  /** Merges an open pull request on the git host, as its owner would on GitHub; returns the merge commit. */
  mergePullRequest(repoUrl: string, number: number): string;
  close(): Promise<void>;
}

function stderrLog(message: string) {
  process.stderr.write(`${message}\n`);
}

/** Starts the sandbox agents of a scenario on one port. */
export async function startSandbox(options: StartSandboxOptions): Promise<Sandbox> {
  const log = options.log ?? stderrLog;
  let scenario: Scenario;
  if (options.scenarioPath) scenario = loadScenarioFile(options.scenarioPath);
  else if (options.scenario) scenario = parseScenario(options.scenario, 'scenario');
  else throw new Error('startSandbox needs a scenario or a scenarioPath');

  const seed = scenario.seed ?? 'gitops-sandbox';
  const fixedNow = scenario.now ? Date.parse(scenario.now) : undefined;
  const started = Date.now();
  let gitHost: RunningGitHost | undefined;
  if (options.gitHost) {
    gitHost = await startGitHost(scenario, {
      ...(options.gitHost === true ? {} : options.gitHost),
      listenHost: options.host ?? '127.0.0.1',
      seed,
      log,
    });
    scenario = gitHost.scenario;
  }
  const baseGit = scenarioGit(scenario, { seed, now: fixedNow ?? started });
  await gitHost?.seed(baseGit);
  const built = scenario;
  const idp = scenario.identity ? new IdentityProvider(scenario.identity) : undefined;
  const agents = scenario.agents.map(spec => new SandboxAgent(built, spec, { seed, fixedNow, baseGit, idp }));
  // a push or a merge on the git host: the agents hear it as Argo CD hears
  // a webhook (refresh the apps of the repository, requeue ApplicationSets)
  gitHost?.onChange(repoUrl => {
    for (const agent of agents) {
      for (const record of agent.operations.appsOfRepo(repoUrl)) agent.operations.refresh(record, false);
      agent.applicationSets.requeueAll();
    }
  });
  const server = new SandboxServer(agents, {
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    log,
    idp,
  });
  const { port, baseUrl } = await server.listen();
  const total = agents.reduce((n, a) => n + a.store.apps.size, 0);
  log(`sandbox: ${agents.length} agent(s), ${total} application(s) ready in ${Date.now() - started} ms at ${baseUrl}`);
  if (idp) log(`sandbox: OIDC identity provider at ${idp.issuer} (${idp.users.size} user(s))`);

  const byId = new Map(agents.map(a => [a.id, a]));
  const get = (id: string) => {
    const agent = byId.get(id);
    if (!agent) throw new Error(`no sandbox agent "${id}"`);
    return agent;
  };
  const infos: SandboxAgentInfo[] = agents.map(agent => {
    const c = agent.config;
    const info: SandboxAgentInfo = {
      id: agent.id,
      kind: agent.kind,
      url: server.agentUrl(agent.id),
      token: c.token,
    };
    if (c.region) info.region = c.region;
    if (agent.kind === 'argocd') {
      info.username = c.username;
      info.password = c.password;
    }
    if (agent.kind === 'argocd' && agent.spec.oidc) {
      info.oidc = { allowedAudiences: [...agent.spec.oidc.allowedAudiences] };
    }
    if (agent.kind === 'harness' && agent.spec.accessControl) info.accessControl = true;
    if (c.harness) {
      info.accountIdentifier = c.harness.accountIdentifier;
      if (c.harness.orgIdentifier) info.orgIdentifier = c.harness.orgIdentifier;
      if (c.harness.projectIdentifier) info.projectIdentifier = c.harness.projectIdentifier;
      info.agentIdentifier = c.harness.agentIdentifier;
      if (c.harness.foundByAccount) info.foundByAccount = true;
    }
    return info;
  });
  // the accounts holding an agent found through them only: a client names
  // those (with every agent of the account behind the gateway)
  const harnessAccounts = [...new Set(infos.flatMap(i => (i.foundByAccount ? [i.accountIdentifier!] : [])))].map(
    accountIdentifier => {
      const members = infos.filter(i => i.accountIdentifier === accountIdentifier);
      return { url: server.harnessGatewayUrl(), accountIdentifier, token: members[0].token, agents: members };
    },
  );

  return {
    agents: infos.filter(i => !i.foundByAccount),
    harnessAccounts,
    baseUrl,
    port,
    scenario,
    ...(gitHost ? { gitHost: gitHost.info } : {}),
    ...(idp
      ? {
          idp: {
            issuer: idp.issuer,
            clientId: scenario.identity!.clients[0].clientId,
            ...(scenario.identity!.clients[0].clientSecret
              ? { clientSecret: scenario.identity!.clients[0].clientSecret }
              : {}),
          },
        }
      : {}),
    idToken(username, tokenOptions = {}) {
      if (!idp) throw new Error('the scenario has no identity provider (identity)');
      return idp.mintIdToken(username, tokenOptions);
    },
    mergePullRequest(repoUrl, number) {
      const host = gitHost?.host;
      const repo = host?.byUrl(repoUrl);
      if (!host || !repo) throw new Error(`no repository ${repoUrl} on the sandbox's git host`);
      const pull = repo.pulls.find(p => p.number === number);
      if (!pull) throw new Error(`no pull request #${number} on ${repoUrl}`);
      const result = host.merge(repo, pull);
      if ('refused' in result) throw new Error(`pull request #${number} of ${repoUrl} cannot be merged: ${result.refused}`);
      return result.sha;
    },
    agent(id) {
      const info = infos.find(i => i.id === id);
      if (!info) throw new Error(`no sandbox agent "${id}"`);
      return info;
    },
    stopAgent(id, mode) {
      const agent = get(id);
      if (mode) agent.config.stopMode = mode;
      agent.stopped = true;
      agent.dropStreams(false);
    },
    startAgent(id) {
      get(id).stopped = false;
    },
    setFaults(id, faults) {
      get(id).faults.set(faultConfigSchema.parse(faults));
    },
    drift(id, application, field = 'replicas', appNamespace) {
      const agent = get(id);
      const record = agent.store.findApp(application, appNamespace);
      if (!record) throw new Error(`agent ${id} has no application ${application}`);
      return agent.operations.drift(record, field) as DriftResult;
    },
    holdOperations(id, application, hold = {}) {
      const agent = get(id);
      const record = agent.store.findApp(application, hold.appNamespace);
      if (!record) throw new Error(`agent ${id} has no application ${application}`);
      const held = hold.hold !== false;
      agent.operations.hold(record, held);
      if (held && hold.sync) agent.operations.sync(record, {}, { username: agent.config.username });
    },
    commit(request) {
      let revision = '';
      for (const agent of request.agent ? [get(request.agent)] : agents) {
        const repoUrl =
          request.repo ??
          [...agent.store.apps.values()].find(r => r.model.service === request.service)?.model.source.repoUrl;
        if (!repoUrl || !agent.store.git.find(repoUrl)) continue;
        try {
          revision = agent.operations.pushCommit(repoUrl, { message: request.message, signed: request.signed }).sha;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          continue;
        }
        if (request.refresh) {
          for (const record of agent.operations.appsOfRepo(repoUrl)) agent.operations.refresh(record, false);
        }
      }
      if (!revision) throw new Error(`no agent has the repository of ${request.repo ?? request.service}`);
      return revision;
    },
    reset(id) {
      for (const agent of id ? [get(id)] : agents) {
        agent.reset();
        agent.stopped = Boolean(agent.spec.stopped);
      }
    },
    secretValues() {
      return [
        ...new Set([
          ...agents.flatMap(a => a.secretValues()),
          ...(gitHost ? [gitHost.info.token] : []),
          ...(idp ? idp.secretValues() : []),
        ]),
      ];
    },
    close: async () => {
      await server.close();
      await gitHost?.close();
    },
  };
}
