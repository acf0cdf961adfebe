/** gRPC status codes, as Argo CD and the Harness gateway report them. */
export const GrpcCode = {
  OK: 0,
  Canceled: 1,
  Unknown: 2,
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  FailedPrecondition: 9,
  Aborted: 10,
  Unimplemented: 12,
  Internal: 13,
  Unavailable: 14,
  Unauthenticated: 16,
} as const;

export type GrpcCodeValue = (typeof GrpcCode)[keyof typeof GrpcCode];

/** The HTTP status grpc-gateway answers for a gRPC code. */
export function httpStatusOf(code: number): number {
  switch (code) {
    case GrpcCode.OK:
      return 200;
    case GrpcCode.Canceled:
      return 499;
    case GrpcCode.InvalidArgument:
    case GrpcCode.FailedPrecondition:
      return 400;
    case GrpcCode.DeadlineExceeded:
      return 504;
    case GrpcCode.NotFound:
      return 404;
    case GrpcCode.AlreadyExists:
    case GrpcCode.Aborted:
      return 409;
    case GrpcCode.PermissionDenied:
      return 403;
    case GrpcCode.ResourceExhausted:
      return 429;
    case GrpcCode.Unimplemented:
      return 501;
    case GrpcCode.Unavailable:
      return 503;
    case GrpcCode.Unauthenticated:
      return 401;
    default:
      return 500;
  }
}

/** The gRPC code of an HTTP status (for injected faults). */
export function grpcCodeOf(status: number): number {
  switch (status) {
    case 400:
      return GrpcCode.InvalidArgument;
    case 401:
      return GrpcCode.Unauthenticated;
    case 403:
      return GrpcCode.PermissionDenied;
    case 404:
      return GrpcCode.NotFound;
    case 409:
      return GrpcCode.AlreadyExists;
    case 429:
      return GrpcCode.ResourceExhausted;
    case 501:
      return GrpcCode.Unimplemented;
    case 503:
      return GrpcCode.Unavailable;
    case 504:
      return GrpcCode.DeadlineExceeded;
    default:
      return GrpcCode.Unknown;
  }
}

/** An error answer of an agent API: a gRPC code, its HTTP status and a message. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: number, message: string, options: { status?: number; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? httpStatusOf(code);
    this.headers = options.headers ?? {};
  }
}
