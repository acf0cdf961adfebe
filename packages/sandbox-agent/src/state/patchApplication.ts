import { ApiError, GrpcCode } from '../http/ApiError';
import { JsonObject, clone, isObject } from '../util/json';
import type { AgentStore } from './AgentStore';
import type { Operations } from './operations';
import { AppRecord } from './types';

/** A JSON merge patch (RFC 7386) of `target`: null removes, objects merge, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/**
 * PATCH /api/v1/applications/{name} (ApplicationService_Patch), as Argo CD
 * does it: the patch (a JSON string; `merge` here, Argo CD's `json` is not
 * served) applies to the application, of which the API server keeps the
 * spec, labels and annotations (updateApp); the controller then acts on
 * the new spec (an application turned automated and behind git syncs).
 * Answers the patched application.
 */
export function patchApplication(
  store: AgentStore,
  operations: Operations,
  record: AppRecord,
  patchType: unknown,
  patch: unknown,
): JsonObject {
  if (patchType !== 'merge') {
    throw new ApiError(GrpcCode.InvalidArgument, `Patch type '${String(patchType)}' is not supported`);
  }
  if (typeof patch !== 'string') throw new ApiError(GrpcCode.InvalidArgument, 'patch must be a JSON string');
  let parsed: unknown;
  try {
    parsed = JSON.parse(patch);
  } catch (error) {
    throw new ApiError(GrpcCode.InvalidArgument, `error patching application: ${(error as Error).message}`);
  }
  if (!isObject(parsed)) throw new ApiError(GrpcCode.InvalidArgument, 'error patching application: not a JSON object');
  const patched = mergePatch(clone(record.app), parsed) as JsonObject;
  if (!isObject(patched.spec)) throw new ApiError(GrpcCode.InvalidArgument, 'error patching application: spec is required');
  const app = record.app;
  app.spec = patched.spec;
  app.metadata = { ...app.metadata, labels: patched.metadata?.labels, annotations: patched.metadata?.annotations };
  if (app.metadata.labels === undefined) delete app.metadata.labels;
  if (app.metadata.annotations === undefined) delete app.metadata.annotations;
  store.changed(record);
  operations.maybeAutoSync(record);
  return app;
}
