import fs from 'fs';
import { gunzipSync } from 'zlib';
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import { parse as parseYaml } from 'yaml';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import { InputError } from '@backstage/errors';
import { pruneToSchema } from './pruneToSchema';

const CRD_PATH = resolvePackagePath(
  '@gitops-suite/plugin-scaffolder-backend-module-gitops',
  'crds/applicationset-crd.yaml.gz',
);

/** Describes one ajv error by the field it concerns. */
function describe(error: ErrorObject): string {
  const field = error.instancePath || '(root)';
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: string })
      .missingProperty;
    return `${field}/${missing}: is required`;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty?: string })
      .additionalProperty;
    return `${field}/${extra}: is not allowed`;
  }
  return `${field}: ${error.message ?? 'is invalid'}`;
}

/**
 * Validates ApplicationSet manifests against the `openAPIV3Schema` of Argo
 * CD's ApplicationSet CRD (shipped in this package's `crds/` folder).
 */
export class ApplicationSetSchemaValidator {
  private static instance: ApplicationSetSchemaValidator | undefined;

  /** The shared validator; the CRD is parsed and compiled once. */
  static get(): ApplicationSetSchemaValidator {
    if (!this.instance) {
      this.instance = ApplicationSetSchemaValidator.fromFile(CRD_PATH);
    }
    return this.instance;
  }

  /** Reads a CRD file; `.gz` files (as shipped: the CRD is 1.4 MB) are gunzipped. */
  static fromFile(path: string): ApplicationSetSchemaValidator {
    const raw = fs.readFileSync(path);
    const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString(
      'utf8',
    );
    const crd = parseYaml(text, {
      maxAliasCount: -1,
    });
    const schema = crd?.spec?.versions?.[0]?.schema?.openAPIV3Schema;
    if (!schema) {
      throw new Error(`No openAPIV3Schema in ${path}`);
    }
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
    });
    return new ApplicationSetSchemaValidator(ajv.compile(schema), schema);
  }

  private constructor(
    private readonly validateFn: ValidateFunction,
    private readonly schema: object,
  ) {}

  /** Drops nulls and undeclared fields as the API server does for a structural schema. */
  prune<T>(manifest: T): T {
    return pruneToSchema(manifest, this.schema);
  }

  /** The failures, one line per failing field; empty when valid. */
  errors(manifest: unknown): string[] {
    if (this.validateFn(this.prune(manifest))) {
      return [];
    }
    return (this.validateFn.errors ?? []).map(describe);
  }

  /** Throws an InputError naming every failing field. */
  assertValid(manifest: unknown): void {
    const errors = this.errors(manifest);
    if (errors.length) {
      throw new InputError(
        `The ApplicationSet does not validate against the ApplicationSet CRD schema: ${errors.join(
          '; ',
        )}`,
      );
    }
  }
}
