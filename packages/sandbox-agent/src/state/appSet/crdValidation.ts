import fs from 'fs';
import path from 'path';
import { gunzipSync } from 'zlib';
import { parse as parseYaml } from 'yaml';
import { JsonObject, isObject } from '../../util/json';

/*
 * What the Kubernetes API server does with an ApplicationSet it is asked to
 * store, by the structural schema of Argo CD's CRD (crds/ in this package):
 * it drops fields the schema does not declare (unless
 * `x-kubernetes-preserve-unknown-fields` keeps them) and `null` values of
 * properties that are not `nullable` (PruneNonNullableNullsWithoutDefaults;
 * null items of a list stay and fail validation), then validates. A failure
 * is its "is invalid" error, field by field in its path notation
 * (`spec.generators[0].merge.template.metadata: Required value`).
 * Argo CD's server passes it on as InvalidArgument (kubeErrToGRPC). A dry
 * run never reaches the API server, so it is neither pruned nor validated.
 */

interface Schema {
  type?: string;
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  enum?: unknown[];
  minLength?: number;
  pattern?: string;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
}

/** What ObjectMeta holds: any other metadata field is dropped. */
const OBJECT_META = new Set([
  'name', 'generateName', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences',
  'finalizers', 'managedFields',
]);

const CRD_FILE = path.join(
  path.dirname(require.resolve('@gitops-suite/sandbox-agent/package.json')),
  'crds/applicationset-crd.yaml.gz',
);

let loaded: Schema | undefined;

function crdSchema(): Schema {
  if (!loaded) {
    const text = gunzipSync(fs.readFileSync(CRD_FILE)).toString('utf8');
    loaded = parseYaml(text, { maxAliasCount: -1 })?.spec?.versions?.[0]?.schema?.openAPIV3Schema;
    if (!loaded) throw new Error(`no openAPIV3Schema in ${CRD_FILE}`);
  }
  return loaded;
}

function prune(value: unknown, schema: Schema | undefined, root: boolean): unknown {
  if (!schema || !isObject(value)) {
    return Array.isArray(value) && schema ? value.map(item => prune(item, schema.items, false)) : value;
  }
  const preserve = schema['x-kubernetes-preserve-unknown-fields'] === true;
  const additional = isObject(schema.additionalProperties) ? (schema.additionalProperties as Schema) : undefined;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (root && (key === 'apiVersion' || key === 'kind')) {
      out[key] = child;
      continue;
    }
    if (root && key === 'metadata') {
      if (isObject(child)) out[key] = Object.fromEntries(Object.entries(child).filter(([k, v]) => OBJECT_META.has(k) && v !== null));
      continue;
    }
    const childSchema = schema.properties?.[key] ?? additional;
    if (!childSchema && !preserve && schema.additionalProperties !== true) continue;
    if (child === null && childSchema && !childSchema.nullable) continue;
    out[key] = prune(child, childSchema, false);
  }
  return out;
}

function goType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function hasType(value: unknown, schema: Schema): boolean {
  if (schema['x-kubernetes-int-or-string']) return typeof value === 'string' || Number.isInteger(value);
  switch (schema.type) {
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
    case 'boolean':
      return typeof value === schema.type;
    default:
      return true;
  }
}

/*
 * The schema is walked along the data, as kube-openapi's validator does
 * (a compiled validator for this 1.4 MB schema takes seconds to build):
 * type (int-or-string too), enum, minLength, pattern, required.
 */
function check(value: unknown, schema: Schema, at: string, errors: string[]) {
  if (value === null && schema.nullable) return;
  if (!hasType(value, schema)) {
    const actual = goType(value);
    errors.push(`${at}: Invalid value: "${actual}": ${at} in body must be of type ${schema.type}: "${actual}"`);
    return;
  }
  if (schema.enum && !schema.enum.some(v => v === value)) {
    errors.push(`${at}: Unsupported value: ${JSON.stringify(value)}: supported values: ${schema.enum.map(v => JSON.stringify(v)).join(', ')}`);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && [...value].length < schema.minLength) {
      errors.push(`${at}: Invalid value: ${JSON.stringify(value)}: ${at} in body should be at least ${schema.minLength} chars long`);
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
      errors.push(`${at}: Invalid value: ${JSON.stringify(value)}: ${at} in body should match '${schema.pattern}'`);
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) => check(item, schema.items!, `${at}[${i}]`, errors));
  }
  if (!isObject(value)) return;
  for (const key of schema.required ?? []) {
    if (!(key in value)) errors.push(`${at ? `${at}.` : ''}${key}: Required value`);
  }
  const additional = isObject(schema.additionalProperties) ? (schema.additionalProperties as Schema) : undefined;
  for (const [key, child] of Object.entries(value)) {
    const declared = schema.properties?.[key];
    if (declared) check(child, declared, at ? `${at}.${key}` : key, errors);
    else if (additional) check(child, additional, `${at}[${key}]`, errors);
  }
}

/** The ApplicationSet as the API server would store it, or its field errors. */
export function admitApplicationSet(appSet: JsonObject): { object: JsonObject; errors: string[] } {
  const schema = crdSchema();
  const object = prune(appSet, schema, true) as JsonObject;
  const errors: string[] = [];
  check(object, schema, '', errors);
  return { object, errors: [...new Set(errors)] };
}

/** The API server's "is invalid" message for an ApplicationSet (errors as aggregated). */
export function invalidMessage(name: string, errors: string[]): string {
  const aggregate = errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`;
  return `ApplicationSet.argoproj.io ${JSON.stringify(name)} is invalid: ${aggregate}`;
}
