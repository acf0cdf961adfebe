#!/usr/bin/env node
/*
 * `npm start`: starts the sandbox GitOps agents of a scenario
 * (examples/fleet.yaml, or the file named by GITOPS_SANDBOX_SCENARIO), writes
 * a config overlay that points the suite at them, then starts the Backstage
 * backend (port 7007) and frontend (port 3000) together.
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { readAgentLines, waitForUrl, sandboxConfigYaml } = require('./sandbox');

const root = path.resolve(__dirname, '..');
const scenario = path.resolve(
  root,
  process.env.GITOPS_SANDBOX_SCENARIO ?? 'examples/fleet.yaml',
);
const sandboxPort = Number(process.env.GITOPS_SANDBOX_PORT ?? 7100);
// the sandbox's git host (GitHub's REST API and git over HTTP) on the next port
const gitHostPort = Number(process.env.GITOPS_SANDBOX_GIT_HOST_PORT ?? sandboxPort + 1);
const overlay = path.join(root, 'app-config.sandbox.local.yaml');
const children = [];

function stopAll(code) {
  for (const child of children) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function main() {
  if (!fs.existsSync(scenario)) {
    throw new Error(`GitOps sandbox scenario not found: ${scenario}`);
  }
  const sandbox = spawn(
    process.execPath,
    [
      path.join(root, 'packages/sandbox-agent/bin/sandbox-agent'),
      '--scenario',
      scenario,
      '--port',
      String(sandboxPort),
      '--git-host-port',
      String(gitHostPort),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(sandbox);
  sandbox.on('exit', code => {
    console.error(`sandbox agents exited with code ${code}`);
    stopAll(1);
  });
  const agents = await readAgentLines(sandbox.stdout, 180_000);
  fs.writeFileSync(overlay, sandboxConfigYaml(agents));
  console.error(
    `Sandbox agents ready: ${agents.map(a => `${a.id} (${a.kind})`).join(', ')}`,
  );
  if (agents.gitHost) {
    console.error(`Sandbox git host ready: ${agents.gitHost.baseUrl}`);
  }

  const backstage = spawn(
    path.join(root, 'node_modules/.bin/backstage-cli'),
    [
      'repo',
      'start',
      '--config',
      path.join(root, 'app-config.yaml'),
      '--config',
      overlay,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  children.push(backstage);
  backstage.on('exit', code => stopAll(code ?? 1));

  await waitForUrl('http://localhost:7007/.backstage/health/v1/readiness', 600_000);
  await waitForUrl('http://localhost:3000', 600_000);
  console.log('\nGitOps portal ready at http://localhost:3000\n');
}

main().catch(error => {
  console.error(error.message);
  stopAll(1);
});
