import { z } from 'zod';
import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { syncWindowSchema } from '../scenario/schema';
import { JsonObject } from '../util/json';

const requestSchema = z
  .object({ project: z.string().min(1), windows: z.array(syncWindowSchema) })
  .strict();

/**
 * `POST /_sandbox/sync-windows` `{ project, windows }`: replaces a project's
 * sync windows, as an admin editing the AppProject would, so a test holds
 * the window state it needs (a freeze active now: schedule `* * * * *`)
 * instead of waiting for a weekend. Answers the project's windows.
 */
export function setSyncWindows(agent: SandboxAgent, body: JsonObject) {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(
      GrpcCode.InvalidArgument,
      `sync-windows: ${issue.path.join('.') || 'body'}: ${issue.message}`,
    );
  }
  const { project: name, windows } = parsed.data;
  const project = agent.store.projects.get(name);
  if (!project) {
    throw new ApiError(GrpcCode.NotFound, `project ${name} not found`);
  }
  const spec = (project.spec ?? {}) as JsonObject;
  spec.syncWindows = windows.map(window => ({ ...window }));
  project.spec = spec;
  return { project: name, syncWindows: spec.syncWindows };
}
