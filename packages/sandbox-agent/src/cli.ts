import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { ScenarioError } from './scenario/loadScenario';
import { Sandbox, startSandbox } from './startSandbox';

const USAGE = `Usage: sandbox-agent --scenario <file> [--port <n>] [--host <ip>] [--git-host-port <n>]
       sandbox-agent --agents <n> --apps-per-agent <n> [--harness-agents <n>] [--latency-ms <n>] [--jitter-ms <n>] [--port <n>]

Serves the GitOps agents of a scenario (Argo CD and Harness GitOps APIs) on one
port, one path prefix per agent. When ready, prints one JSON line per agent to
stdout: {"id","kind","url","token",...}. Logs go to stderr. SIGTERM/SIGINT stop it.

--git-host-port also runs a git host there (GitHub's REST API and git over
HTTP, set up like GitHub Enterprise) holding the scenario's github.com
repositories as real git repositories; it prints one more line:
{"gitHost":{"host","apiBaseUrl","baseUrl","token","user"}}.

A scenario with an \`identity\` section also serves an OIDC identity provider
at /idp on the same port, and prints {"idp":{"issuer","clientId","clientSecret"}}.`;

export interface CliOptions {
  scenario?: string;
  port: number;
  host: string;
  /** Runs the git host on this port. */
  gitHostPort?: number;
  generate?: {
    agents: number;
    appsPerAgent: number;
    harnessAgents?: number;
    latencyMs?: number;
    jitterMs?: number;
  };
}

function numberFlag(name: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0) {
    throw new Error(`${name} needs a non-negative integer, got ${value ?? 'nothing'}`);
  }
  return n;
}

/** Parses the command line (throws with a usage message on mistakes). */
export function parseCliArgs(argv: string[]): CliOptions {
  const options: CliOptions = { port: 7100, host: '127.0.0.1' };
  const gen: Record<string, number> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--scenario':
      case '-s':
        options.scenario = value();
        break;
      case '--port':
      case '-p':
        options.port = numberFlag('--port', value());
        break;
      case '--host':
        options.host = value();
        break;
      case '--git-host-port':
        options.gitHostPort = numberFlag('--git-host-port', value());
        break;
      case '--agents':
        gen.agents = numberFlag('--agents', value());
        break;
      case '--apps-per-agent':
        gen.appsPerAgent = numberFlag('--apps-per-agent', value());
        break;
      case '--harness-agents':
        gen.harnessAgents = numberFlag('--harness-agents', value());
        break;
      case '--latency-ms':
        gen.latencyMs = numberFlag('--latency-ms', value());
        break;
      case '--jitter-ms':
        gen.jitterMs = numberFlag('--jitter-ms', value());
        break;
      case '--help':
      case '-h':
        throw new Error(USAGE);
      default:
        throw new Error(`unknown argument ${arg}\n\n${USAGE}`);
    }
  }
  if (gen.agents !== undefined || gen.appsPerAgent !== undefined) {
    if (gen.agents === undefined || gen.appsPerAgent === undefined) {
      throw new Error(`--agents and --apps-per-agent go together\n\n${USAGE}`);
    }
    options.generate = {
      agents: gen.agents,
      appsPerAgent: gen.appsPerAgent,
      harnessAgents: gen.harnessAgents,
      latencyMs: gen.latencyMs,
      jitterMs: gen.jitterMs,
    };
  }
  if (!options.scenario && !options.generate) throw new Error(`--scenario is required\n\n${USAGE}`);
  return options;
}

/** The JSON line printed for each agent once the sandbox listens. */
export function readinessLines(sandbox: Sandbox): string[] {
  const hostLine = sandbox.gitHost ? [JSON.stringify({ gitHost: sandbox.gitHost })] : [];
  const idpLine = sandbox.idp ? [JSON.stringify({ idp: sandbox.idp })] : [];
  // a Harness account holding an agent found through it only: where its
  // agents are found (the gateway) and with which API key
  const accountLines = sandbox.harnessAccounts.map(account =>
      JSON.stringify({
        harnessAccount: { url: account.url, accountIdentifier: account.accountIdentifier, token: account.token },
      }),
    );
  return [...hostLine, ...idpLine, ...accountLines, ...agentLines(sandbox)];
}

function agentLines(sandbox: Sandbox): string[] {
  return sandbox.agents.map(agent => {
    const line: Record<string, unknown> = {
      id: agent.id,
      kind: agent.kind,
      url: agent.url,
      token: agent.token,
    };
    for (const key of [
      'region',
      'username',
      'password',
      'accountIdentifier',
      'orgIdentifier',
      'projectIdentifier',
      'agentIdentifier',
      'oidc',
      'accessControl',
    ] as const) {
      if (agent[key] !== undefined) line[key] = agent[key];
    }
    return JSON.stringify(line);
  });
}

/** Runs the CLI: starts, prints readiness lines, stops cleanly on signals. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 2;
    return;
  }
  let sandbox: Sandbox;
  try {
    let scenario: Record<string, unknown> | undefined;
    if (options.generate) {
      // Flags add (or replace) the scenario's generate block.
      const base = options.scenario ? parseYaml(fs.readFileSync(options.scenario, 'utf8')) ?? {} : {};
      scenario = { ...base, generate: options.generate };
    }
    sandbox = await startSandbox({
      scenarioPath: scenario ? undefined : options.scenario,
      scenario,
      port: options.port,
      host: options.host,
      ...(options.gitHostPort !== undefined ? { gitHost: { port: options.gitHostPort } } : {}),
    });
  } catch (error) {
    if (error instanceof ScenarioError) process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`sandbox-agent: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${readinessLines(sandbox).join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`sandbox-agent: ${signal}, shutting down\n`);
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
