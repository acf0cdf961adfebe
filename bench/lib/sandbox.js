/*
 * Starts the sandbox agent CLI (packages/sandbox-agent) as a child process
 * and reads its readiness lines; sets and clears faults through its control
 * API.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');

const ROOT = path.resolve(__dirname, '../..');

/**
 * @param {{agents: number, appsPerAgent?: number, harnessAgents?: number, latencyMs?: number, jitterMs?: number, port: number, logFile: string, scenario?: string, readyTimeoutMs?: number}} options
 *   with `scenario` (a file), `agents` is how many readiness lines to wait for
 */
async function startSandboxProcess(options) {
  const cli = path.join(ROOT, 'packages/sandbox-agent/bin/sandbox-agent');
  const args = options.scenario ? [cli, '--scenario', options.scenario, '--port', String(options.port)] : [
    cli,
    '--agents', String(options.agents),
    '--apps-per-agent', String(options.appsPerAgent),
    '--latency-ms', String(options.latencyMs ?? 0),
    '--jitter-ms', String(options.jitterMs ?? 0),
    '--port', String(options.port),
    ...(options.harnessAgents ? ['--harness-agents', String(options.harnessAgents)] : []),
  ];
  const log = fs.openSync(options.logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', log],
  });
  const agents = [];
  await new Promise((resolve, reject) => {
    const readyMs = options.readyTimeoutMs ?? 120_000;
    const timer = setTimeout(
      () => reject(new Error(`sandbox did not print ${options.agents} readiness lines within ${readyMs / 1000} s (see ${options.logFile})`)),
      readyMs,
    );
    child.once('exit', code => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before it was ready (see ${options.logFile})`));
    });
    readline.createInterface({ input: child.stdout }).on('line', line => {
      if (!line.trim().startsWith('{')) return;
      agents.push(JSON.parse(line));
      if (agents.length === options.agents) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    pid: child.pid,
    agents,
    baseUrl: `http://127.0.0.1:${options.port}`,
    defaultFaults: { latencyMs: options.latencyMs ?? 0, jitterMs: options.jitterMs ?? 0 },
    stop: () => stopChild(child),
  };
}

/** SIGTERM to one child we started, waiting for it to exit. */
function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise(resolve => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Replaces an agent's fault config (POST /_sandbox/faults). */
async function setFaults(agent, faults) {
  const res = await fetch(`${agent.url}/_sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(faults),
  });
  if (!res.ok) throw new Error(`setting faults on ${agent.id}: ${res.status} ${await res.text()}`);
}

module.exports = { startSandboxProcess, setFaults, stopChild, ROOT };
