import { ApiError, GrpcCode } from '../http/ApiError';
import { JsonObject } from '../util/json';
import type { SdkOperation } from './sdkOperations';

/*
 * A request checked against its operation as the Harness Go SDK defines it,
 * refused as the gateway refuses a bad request: HTTP 400 with a grpc-gateway
 * error body, code 3 (InvalidArgument) and a message naming what is wrong.
 * The sandbox is stricter than the gateway on purpose where that shows a
 * client's mismatch, and lenient only where the real gateway is known to be:
 *
 * - Query parameters only the operation's doc comment lists
 *   (`documentedOnlyQuery`: `query.appNamespace` and `query.project` on the
 *   resource tree and managed resources) are accepted. The doc comments are
 *   generated from the same spec as the gateway, so the gateway takes them;
 *   only the SDK's generated code leaves them out. (Clients here follow the
 *   SDK and do not send them: harnessSdkContract.test.ts in gitops-backend.)
 * - A required parameter may be empty: the SDK always sends the parameters
 *   an operation requires, empty when unset (an account-scoped agent's
 *   `orgIdentifier`), and the gateway reads an empty value as unset.
 * - grpc-gateway drops query parameters that name no field of the request
 *   message instead of refusing them; the sandbox refuses them, so that a
 *   client sending one is caught here rather than silently ignored there.
 * - Unknown body fields: the gateway's JSON decoding refuses them too.
 */

function list(names: readonly string[]): string {
  return names.length ? names.join(', ') : 'none';
}

/** The query parameters an operation takes (what the SDK sends, plus the spec's own). */
export function acceptedQuery(op: SdkOperation): Set<string> {
  return new Set([
    ...op.requiredQuery,
    ...op.optionalQuery,
    ...op.documentedOnlyQuery,
  ]);
}

/** Refuses a query parameter the operation does not take, and one repeated that the SDK sends once. */
export function checkSdkQuery(op: SdkOperation, query: URLSearchParams) {
  const accepted = acceptedQuery(op);
  for (const name of new Set(query.keys())) {
    if (!accepted.has(name)) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `query parameter '${name}' is not a parameter of ${op.function} (${op.method} ${op.path}); it takes ${list([
          ...accepted,
        ])}`,
      );
    }
    if (query.getAll(name).length > 1 && !op.repeatableQuery.includes(name)) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `query parameter '${name}' of ${op.function} takes one value, not ${query.getAll(name).length}`,
      );
    }
  }
}

/**
 * Refuses a call without a query parameter the operation requires (present,
 * though maybe empty); the scope's own parameters are checkScope's part,
 * with their values.
 */
export function checkSdkRequired(op: SdkOperation, query: URLSearchParams, scopeParams: readonly string[]) {
  for (const name of op.requiredQuery) {
    if (!scopeParams.includes(name) && !query.has(name)) {
      throw new ApiError(GrpcCode.InvalidArgument, `${name} is required (${op.function})`);
    }
  }
}

/** Refuses a body field outside the operation's model, and a body where it takes none. */
export function checkSdkBody(op: SdkOperation, body: JsonObject) {
  const fields = Object.keys(body);
  if (!op.bodyFields) {
    if (fields.length) {
      throw new ApiError(
        GrpcCode.InvalidArgument,
        `${op.function} takes no request body (got ${list(fields)})`,
      );
    }
    return;
  }
  const outside = fields.filter(f => !op.bodyFields!.includes(f));
  if (outside.length) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      `body field${outside.length > 1 ? 's' : ''} ${outside
        .map(f => `'${f}'`)
        .join(', ')} of ${op.function} ${
        outside.length > 1 ? 'are' : 'is'
      } not in ${op.bodyModel}; it has ${list(op.bodyFields)}`,
    );
  }
}
