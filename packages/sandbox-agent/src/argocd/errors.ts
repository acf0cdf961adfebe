import { ApiError } from '../http/ApiError';
import { BufferedResponse, json } from '../http/types';

/** Argo CD's error body (runtimeError): {code, error, message, details}. */
export function argoErrorResponse(error: ApiError): BufferedResponse {
  return json(
    error.status,
    { error: error.message, code: error.code, message: error.message, details: [] },
    error.headers,
  );
}
