/*
 * The suite as production runs it: its packages built with
 * `backstage-cli package build` (dist/index.cjs.js) and loaded by plain
 * node, no TypeScript transform. `buildSuite()` builds them when a source
 * file is newer than the build; `useBuiltSuite()` (called inside the
 * backend process) makes `require('@gitops-suite/<pkg>')` load the build.
 */
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');
const { spawnSync } = require('node:child_process');

const ROOT = path.resolve(__dirname, '../..');
const PACKAGES = {
  '@gitops-suite/plugin-gitops-common': 'plugins/gitops-common',
  '@gitops-suite/plugin-gitops-node': 'plugins/gitops-node',
  '@gitops-suite/plugin-gitops-backend': 'plugins/gitops-backend',
};

function newest(dir) {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return max;
}

/** `package build` takes the declarations `tsc` writes to dist-types. */
function ensureDeclarations(log) {
  const missing = Object.values(PACKAGES).some(
    dir => !fs.existsSync(path.join(ROOT, 'dist-types', dir, 'src/index.d.ts')),
  );
  if (!missing) return;
  log('writing declarations (tsc)');
  spawnSync(path.join(ROOT, 'node_modules/.bin/tsc'), [], { cwd: ROOT, encoding: 'utf8' });
}

function buildSuite(log = () => {}) {
  ensureDeclarations(log);
  for (const dir of Object.values(PACKAGES)) {
    const cwd = path.join(ROOT, dir);
    const built = path.join(cwd, 'dist/index.cjs.js');
    if (fs.existsSync(built) && fs.statSync(built).mtimeMs > newest(path.join(cwd, 'src'))) continue;
    log(`building ${dir}`);
    const run = spawnSync(path.join(ROOT, 'node_modules/.bin/backstage-cli'), ['package', 'build'], { cwd, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`building ${dir} failed:\n${(run.stderr || run.stdout).slice(-3000)}`);
  }
}

function useBuiltSuite() {
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveBuilt(request, ...rest) {
    const dir = PACKAGES[request];
    return dir ? path.join(ROOT, dir, 'dist/index.cjs.js') : resolve.call(this, request, ...rest);
  };
}

module.exports = { buildSuite, useBuiltSuite };
