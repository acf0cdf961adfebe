import { z } from 'zod';
import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { controlRollout } from '../state/rollout/RolloutController';
import { JsonObject } from '../util/json';

const requestSchema = z
  .object({
    application: z.string().min(1),
    appNamespace: z.string().optional(),
    step: z.number().int().min(0).optional(),
    abort: z.boolean().optional(),
    analysis: z.enum(['Successful', 'Failed', 'Error', 'Inconclusive']).optional(),
  })
  .strict();

/**
 * `POST /_sandbox/rollout` `{ application, step?, abort?, analysis? }`:
 * puts an application's Argo Rollouts canary where a test needs it (at a
 * step, `status.currentStepIndex` from 0, the step count completing it; a
 * fully promoted Rollout starts a canary of its live revision), aborts it,
 * or ends its background analysis (`Failed` aborts the rollout, as Argo
 * Rollouts does); the controller goes on from there on the sandbox's clock.
 * Answers where the Rollout stands.
 */
export function setRollout(agent: SandboxAgent, body: JsonObject) {
  const parsed = requestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(GrpcCode.InvalidArgument, `rollout: ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  const { application, appNamespace, ...control } = parsed.data;
  const record = agent.store.findApp(application, appNamespace);
  if (!record) throw new ApiError(GrpcCode.NotFound, `application ${application} not found`);
  return controlRollout(agent.store, record, control);
}
