import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { spec } from './openapi/generated/router';

describe('the generated router', () => {
  it('carries exactly the spec in openapi.yaml (regenerate with `backstage-repo-tools package schema openapi generate --server` when this fails)', () => {
    const yaml = parse(
      fs.readFileSync(path.join(__dirname, 'openapi.yaml'), 'utf8'),
    );
    expect(JSON.parse(JSON.stringify(spec))).toEqual(yaml);
  });

  it('describes every response with a schema of its own, never a bare object', () => {
    const bare: string[] = [];
    for (const [route, operations] of Object.entries(yamlPaths())) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(
          (operation as any).responses ?? {},
        )) {
          const schema = (response as any).content?.['application/json']
            ?.schema;
          if (
            schema &&
            schema.type === 'object' &&
            !schema.properties &&
            !schema.additionalProperties &&
            !route.startsWith('/proxy/')
          ) {
            bare.push(`${method.toUpperCase()} ${route} ${status}`);
          }
        }
      }
    }
    expect(bare).toEqual([]);
  });
});

function yamlPaths(): Record<string, Record<string, unknown>> {
  return parse(fs.readFileSync(path.join(__dirname, 'openapi.yaml'), 'utf8'))
    .paths;
}
