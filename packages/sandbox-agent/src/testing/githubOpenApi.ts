import fs from 'node:fs';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

/*
 * Checks the git host's answers against GitHub's own REST description
 * (api.github.com, OpenAPI 3.0, from @octokit/openapi): the response schema
 * of an operation, by path template, method and status.
 */

const DOC_ID = 'https://api.github.com/openapi.json';

/**
 * OpenAPI 3.0 to JSON Schema, the two differences that matter here: local
 * `$ref`s point into the whole document, and `nullable: true` admits null.
 */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#') ? `${DOC_ID}${v}` : toJsonSchema(v)]),
  );
  if (nullable !== true) return out;
  if (typeof out.type === 'string' && !out.enum) return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

export interface GitHubContract {
  /** Errors of a response body against the operation's documented response (empty when valid). */
  errors(method: string, pathTemplate: string, status: number, body: unknown): string[];
}

export function githubContract(): GitHubContract {
  const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: toJsonSchema(doc.components) });
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return {
    errors(method, pathTemplate, status, body) {
      const key = `${method} ${pathTemplate} ${status}`;
      let validate = cache.get(key);
      if (!validate) {
        const operation = doc.paths[pathTemplate]?.[method.toLowerCase()];
        if (!operation) throw new Error(`GitHub's OpenAPI has no operation ${method} ${pathTemplate}`);
        let response = operation.responses?.[String(status)];
        if (response?.$ref) response = doc.components.responses[response.$ref.split('/').pop()];
        const schema = response?.content?.['application/json']?.schema;
        if (!schema) throw new Error(`GitHub's OpenAPI documents no JSON body for ${key}`);
        validate = ajv.compile(toJsonSchema(schema) as object);
        cache.set(key, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map(e => `${e.instancePath || '/'} ${e.message}`);
    },
  };
}
