#!/usr/bin/env node
/*
 * Rewrites the `spec` literal of plugins/gitops-backend's generated router
 * from src/schema/openapi.yaml, the part of
 * `backstage-repo-tools package schema openapi generate --server` that
 * needs no Java (the generator's jar comes from Maven Central, out of reach
 * here). The router's types come from the same spec through the generated
 * client types in gitops-common (scripts/openapi-client.js, endpointMap.ts).
 * src/schema/openapi.test.ts fails when the two differ.
 *   node scripts/openapi-router-spec.js
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const yaml = require('yaml');

const dir = path.resolve(__dirname, '../plugins/gitops-backend/src/schema');
const router = path.join(dir, 'openapi/generated/router.ts');
const source = fs.readFileSync(router, 'utf8');
const start = source.indexOf('export const spec = ');
const end = source.indexOf('} as const;', start) + '} as const;'.length;
if (start < 0 || end < start) throw new Error(`no spec literal in ${router}`);
const spec = yaml.parse(
  fs.readFileSync(path.join(dir, 'openapi.yaml'), 'utf8'),
);
fs.writeFileSync(
  router,
  `${source.slice(0, start)}export const spec = ${JSON.stringify(
    spec,
    null,
    2,
  )} as const;${source.slice(end)}`,
);
execFileSync(
  path.resolve(__dirname, '../node_modules/.bin/prettier'),
  ['--ignore-path', '/dev/null', '--write', router],
  { stdio: 'inherit' },
);
