import fs from 'node:fs';
import path from 'node:path';

/*
 * The Harness GitOps operations as the official Harness Go SDK sends them:
 * testdata/harness/sdk-operations.json, a byte-identical copy of
 * shared/reference/harness/sdk-operations.json (sdkOperations.test.ts keeps
 * it so). The sandbox's Harness routes are registered from it: each route's
 * path, the query parameters it takes and the fields its body may hold.
 */

export interface SdkOperation {
  function: string;
  method: string;
  path: string;
  pathParams: string[];
  requiredQuery: string[];
  optionalQuery: string[];
  repeatableQuery: string[];
  /** Listed by the operation's doc comment (the spec) but never sent by the SDK's code. */
  documentedOnlyQuery: string[];
  bodyModel: string | null;
  bodyRequired: boolean | null;
  bodyFields: string[] | null;
}

export const SDK_OPERATIONS_FILE = path.join(
  path.dirname(require.resolve('@gitops-suite/sandbox-agent/package.json')),
  'testdata/harness/sdk-operations.json',
);

let byFunction: Map<string, SdkOperation> | undefined;

function operations(): Map<string, SdkOperation> {
  if (!byFunction) {
    const file = JSON.parse(fs.readFileSync(SDK_OPERATIONS_FILE, 'utf8'));
    const list = file.operations as SdkOperation[];
    if (!Array.isArray(list) || list.length !== file.operationCount) {
      throw new Error(
        `${SDK_OPERATIONS_FILE}: operationCount ${file.operationCount} does not match its operations`,
      );
    }
    byFunction = new Map(list.map(op => [op.function, op]));
  }
  return byFunction;
}

/** Every operation of the SDK. */
export function sdkOperations(): SdkOperation[] {
  return [...operations().values()];
}

/** The SDK operation with this function name; a typo fails at startup. */
export function sdkOperation(name: string): SdkOperation {
  const op = operations().get(name);
  if (!op)
    throw new Error(
      `the Harness Go SDK has no operation ${name} (${SDK_OPERATIONS_FILE})`,
    );
  return op;
}

/**
 * The router pattern of an operation's path: each `{a.b}` becomes `:b`
 * (`{query.name}` and `{request.name}` are both `:name`,
 * `{query.applicationName}` is `:applicationName`).
 */
export function routerPattern(op: SdkOperation): string {
  return op.path.replace(/\{(?:[^}]*\.)?([^}.]+)\}/g, ':$1');
}
