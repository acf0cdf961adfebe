import { ApiError } from '../http/ApiError';
import { BufferedResponse, json } from '../http/types';

/** The Harness gateway's error body (gatewayruntimeError): {code, message, details}. */
export function harnessErrorResponse(error: ApiError): BufferedResponse {
  return json(error.status, { code: error.code, message: error.message, details: [] }, error.headers);
}
