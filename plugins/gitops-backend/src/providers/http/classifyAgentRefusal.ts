import type { AgentErrorCode } from '@gitops-suite/plugin-gitops-common';

/** gRPC status codes that Argo CD (and the Harness gateway) put in `code`. */
const GRPC_INVALID_ARGUMENT = 3;
const GRPC_ALREADY_EXISTS = 6;
const GRPC_FAILED_PRECONDITION = 9;
const GRPC_ABORTED = 10;

/**
 * Whether an agent's 4xx answer is a refusal the caller can act on, rather
 * than an upstream failure. Argo CD answers through grpc-gateway, which maps
 * `FailedPrecondition` ("another operation is already in progress",
 * "rollback cannot be initiated when auto-sync is enabled") to HTTP 400 and
 * keeps the gRPC code in the body's `code`: that is a conflict with the
 * application's state, not a malformed request.
 *
 * Returns `conflict`, `invalid_request`, or `undefined` for anything that is
 * not a refusal (401, 403, 404 and 429 have codes of their own; 5xx is an
 * upstream failure).
 */
export function classifyAgentRefusal(
  status: number,
  body: unknown,
): Extract<AgentErrorCode, 'conflict' | 'invalid_request'> | undefined {
  const grpcCode =
    body && typeof body === 'object'
      ? (body as { code?: unknown }).code
      : undefined;
  if (
    status === 409 ||
    grpcCode === GRPC_FAILED_PRECONDITION ||
    grpcCode === GRPC_ALREADY_EXISTS ||
    grpcCode === GRPC_ABORTED
  ) {
    return status >= 400 && status < 500 ? 'conflict' : undefined;
  }
  if (status === 400 || status === 422 || grpcCode === GRPC_INVALID_ARGUMENT) {
    return status >= 400 && status < 500 ? 'invalid_request' : undefined;
  }
  return undefined;
}
