import fs from 'node:fs';
import path from 'node:path';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import {
  SDK_OPERATIONS_FILE,
  type SdkOperation,
} from '@gitops-suite/sandbox-agent';

/*
 * The Harness GitOps operations as the official Harness Go SDK sends them
 * (shared/reference/harness/sdk-operations.json), and a check of one request
 * against them. The reference lives beside the repository (`../shared`, as
 * in CI); without it, the sandbox's committed copy is read (the sandbox's own
 * test keeps that copy byte-identical with the reference).
 */

export type { SdkOperation };

/** One request as an agent received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The repository root: this package is plugins/gitops-backend under it. */
function repoRoot(): string {
  return path.resolve(
    resolvePackagePath('@gitops-suite/plugin-gitops-backend'),
    '../..',
  );
}

/** Where the SDK's operations are read from. */
export function sdkOperationsFile(): string {
  const root = repoRoot();
  const shared = path.resolve(
    root,
    '../shared/reference/harness/sdk-operations.json',
  );
  if (fs.existsSync(shared)) return shared;
  return SDK_OPERATIONS_FILE;
}

let loaded: SdkOperation[] | undefined;

export function sdkOperations(): SdkOperation[] {
  if (!loaded) {
    const file = JSON.parse(fs.readFileSync(sdkOperationsFile(), 'utf8'));
    loaded = file.operations as SdkOperation[];
    if (loaded.length !== file.operationCount) {
      throw new Error(
        `${sdkOperationsFile()} says ${
          file.operationCount
        } operations and lists ${loaded.length}`,
      );
    }
  }
  return loaded;
}

const literalSegments = (template: string) =>
  template.split('/').filter(s => s && !s.startsWith('{')).length;

function templateRegExp(template: string): RegExp {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map(part => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`);
}

/**
 * The SDK operation with this method and a path template that `path` fills;
 * the most literal template wins (`/applicationset/generate` over
 * `/applicationset/{identifier}`).
 */
export function findSdkOperation(
  method: string,
  requestPath: string,
): SdkOperation | undefined {
  return sdkOperations()
    .filter(
      op => op.method === method && templateRegExp(op.path).test(requestPath),
    )
    .sort((a, b) => literalSegments(b.path) - literalSegments(a.path))[0];
}

/** The path of an operation with every path parameter set to `value`. */
export function samplePath(op: SdkOperation, value = 'sample'): string {
  return op.path.replace(/\{[^}]+\}/g, value);
}

/**
 * Harness's access-control check, outside the GitOps SDK (the platform's
 * AccessControlListApi `getAccessControlList`, `POST /authz/api/acl`, as
 * Harness's own UI calls it with `routingId`): the query names the account,
 * the body holds the principal and the permissions, each on a resource.
 */
const HARNESS_ACL_PATH = '/authz/api/acl';

function aclMismatches(request: RecordedRequest): string[] {
  const where = `${request.method} ${request.path} (getAccessControlList)`;
  const problems: string[] = [];
  if (request.method !== 'POST') problems.push(`${where}: must be a POST`);
  const query = [...new Set(request.query.keys())].sort();
  if (query.join() !== 'accountIdentifier,routingId') {
    problems.push(
      `${where}: the query must be accountIdentifier and routingId, not ${query.join(
        ', ',
      )}`,
    );
  }
  const body = request.body as
    | {
        principal?: { principalIdentifier?: unknown; principalType?: unknown };
        permissions?: Array<Record<string, unknown>>;
      }
    | undefined;
  if (
    typeof body?.principal?.principalIdentifier !== 'string' ||
    body.principal.principalType !== 'USER'
  ) {
    problems.push(`${where}: the body must name a USER principal`);
  }
  for (const check of body?.permissions ?? []) {
    const keys = Object.keys(check).sort().join();
    if (keys !== 'permission,resourceIdentifier,resourceScope,resourceType') {
      problems.push(`${where}: a permission check has the fields ${keys}`);
    }
  }
  if (!body?.permissions?.length) {
    problems.push(`${where}: the body asks no permission`);
  }
  return problems;
}

/**
 * What is wrong with a request by the SDK: no operation with its method and
 * path; a required query parameter missing; a parameter the operation does
 * not take, or repeated where the SDK sends it once; a body where the
 * operation takes none, or none where it needs one; a body field outside the
 * model. The SDK's models are Go structs whose fields are all `omitempty`,
 * so the SDK sends a subset of `bodyFields`, never a field outside them.
 * Parameters that only an operation's doc comment lists (the spec's
 * `documentedOnlyQuery`) count as not taken: the SDK never sends them, and
 * where the SDK and the docs disagree the SDK is followed.
 */
export function sdkMismatches(request: RecordedRequest): string[] {
  if (request.path === HARNESS_ACL_PATH) return aclMismatches(request);
  const where = `${request.method} ${request.path}`;
  const op = findSdkOperation(request.method, request.path);
  if (!op) return [`${where}: the Harness Go SDK has no such operation`];
  const problems: string[] = [];
  const name = `${where} (${op.function})`;
  const takes = new Set([...op.requiredQuery, ...op.optionalQuery]);
  for (const param of op.requiredQuery) {
    if (!request.query.has(param)) {
      problems.push(`${name}: required query parameter '${param}' is missing`);
    }
  }
  for (const param of new Set(request.query.keys())) {
    if (!takes.has(param)) {
      problems.push(
        `${name}: query parameter '${param}' is not a parameter of the operation${
          op.documentedOnlyQuery.includes(param)
            ? ' (only its doc comment lists it; the SDK never sends it)'
            : ''
        }`,
      );
    } else if (
      request.query.getAll(param).length > 1 &&
      !op.repeatableQuery.includes(param)
    ) {
      problems.push(
        `${name}: query parameter '${param}' is sent more than once`,
      );
    }
  }
  if (request.body === undefined) {
    if (op.bodyRequired) {
      problems.push(`${name}: the operation needs a ${op.bodyModel} body`);
    }
    return problems;
  }
  if (!op.bodyModel || !op.bodyFields) {
    problems.push(`${name}: the operation takes no body`);
    return problems;
  }
  if (
    !request.body ||
    typeof request.body !== 'object' ||
    Array.isArray(request.body)
  ) {
    problems.push(`${name}: the body is not a ${op.bodyModel} object`);
    return problems;
  }
  const outside = Object.keys(request.body).filter(
    field => !op.bodyFields!.includes(field),
  );
  if (outside.length) {
    problems.push(
      `${name}: body field${outside.length > 1 ? 's' : ''} ${outside
        .map(f => `'${f}'`)
        .join(', ')} outside ${op.bodyModel} (${op.bodyFields.join(', ')})`,
    );
  }
  return problems;
}
