import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { TESTDATA } from './testClients';

/*
 * Validates payloads against Argo CD's own schemas: the swagger's
 * `definitions` (OpenAPI 2.0) and the Application CRD's OpenAPI v3 schema.
 *
 * `strict` mode forbids properties the swagger does not define (every object
 * definition gets `unevaluatedProperties: false`), which catches misspelled
 * fields; definitions that stand for raw JSON (v1JSON, runtimeRawExtension,
 * v1FieldsV1) stay open because the API serializes them as arbitrary JSON.
 */

const RAW_JSON_DEFINITIONS = new Set(['v1JSON', 'runtimeRawExtension', 'v1FieldsV1', 'protobufAny']);

function loadSwagger() {
  return JSON.parse(fs.readFileSync(path.join(TESTDATA, 'argocd/swagger.json'), 'utf8'));
}

function strictDefinitions(definitions: Record<string, any>) {
  const out: Record<string, any> = {};
  for (const [name, def] of Object.entries(definitions)) {
    const copy = JSON.parse(JSON.stringify(def));
    // Inline allOf parents (ResourceNode extends ResourceRef) so that the
    // closed parent does not reject the child's own properties.
    if (Array.isArray(copy.allOf)) {
      for (const part of copy.allOf) {
        const parent = part.$ref ? definitions[part.$ref.split('/').pop()] : part;
        copy.properties = { ...(parent?.properties ?? {}), ...(copy.properties ?? {}) };
      }
      delete copy.allOf;
    }
    if (
      !RAW_JSON_DEFINITIONS.has(name) &&
      copy.type === 'object' &&
      copy.properties &&
      copy.additionalProperties === undefined
    ) {
      copy.unevaluatedProperties = false;
    }
    out[name] = copy;
  }
  return out;
}

/*
 * Where the swagger, generated from the proto, differs from the JSON Argo
 * CD's server sends: the server marshals objects with their Go JSON tags, as
 * the CRDs declare them. An IntOrString is an integer or a string (the
 * CRD's x-kubernetes-int-or-string), not the proto's {type, intVal,
 * strVal}; ApplicationSetApplicationStatus's revisions are `targetRevisions`
 * (JSON tag) where the proto names them `targetrevisions`.
 */
function servedJson(definitions: Record<string, any>) {
  const out = { ...definitions };
  out.intstrIntOrString = { type: ['integer', 'string'] };
  const status = JSON.parse(JSON.stringify(out.v1alpha1ApplicationSetApplicationStatus));
  status.properties.targetRevisions = status.properties.targetrevisions;
  delete status.properties.targetrevisions;
  out.v1alpha1ApplicationSetApplicationStatus = status;
  return out;
}

export interface SchemaValidator {
  /** Errors of a payload against `#/definitions/<name>` (empty when valid). */
  errors(definition: string, payload: unknown): string[];
}

function makeValidator(strict: boolean): SchemaValidator {
  const swagger = loadSwagger();
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({
    $id: 'swagger.json',
    definitions: strict ? strictDefinitions(servedJson(swagger.definitions)) : servedJson(swagger.definitions),
  });
  return {
    errors(definition, payload) {
      const validate = ajv.getSchema(`swagger.json#/definitions/${definition}`);
      if (!validate) throw new Error(`no definition ${definition} in swagger.json`);
      if (validate(payload)) return [];
      return (validate.errors ?? []).slice(0, 20).map(
        e => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      );
    },
  };
}

let strictValidator: SchemaValidator | undefined;
let looseValidator: SchemaValidator | undefined;

/** Validation against the swagger, rejecting undefined properties. */
export function swaggerStrict(): SchemaValidator {
  return (strictValidator ??= makeValidator(true));
}

/** Validation against the swagger as written (open objects), for real-world payloads. */
export function swaggerLoose(): SchemaValidator {
  return (looseValidator ??= makeValidator(false));
}

let crdValidate: ((payload: unknown) => string[]) | undefined;

/** Errors of an Application against the CRD's openAPIV3Schema. */
export function applicationCrdErrors(app: unknown): string[] {
  if (!crdValidate) {
    const crd = parseYaml(fs.readFileSync(path.join(TESTDATA, 'argocd/crds/application-crd.yaml'), 'utf8'));
    const schema = crd.spec.versions[0].schema.openAPIV3Schema;
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    crdValidate = payload =>
      validate(payload)
        ? []
        : (validate.errors ?? []).slice(0, 20).map(e => `${e.instancePath || '/'} ${e.message}`);
  }
  return crdValidate(app);
}
