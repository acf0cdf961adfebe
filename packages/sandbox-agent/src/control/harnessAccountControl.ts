import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { JsonObject } from '../util/json';

/**
 * `POST /_sandbox/harness-account` `{ member }`: a Harness agent leaves its
 * account (`member: false`, as when someone deletes it in Harness: the
 * gateway's agent list leaves it out and calls naming it there answer 404)
 * or is back (`true`). Its own prefix keeps serving it. Answers the state.
 */
export function setHarnessAccountMember(agent: SandboxAgent, body: JsonObject) {
  if (agent.kind !== 'harness') {
    throw new ApiError(GrpcCode.InvalidArgument, `harness-account: agent ${agent.id} is not a Harness agent`);
  }
  if (typeof body.member !== 'boolean') {
    throw new ApiError(GrpcCode.InvalidArgument, 'harness-account: member must be true or false');
  }
  agent.leftAccount = !body.member;
  return { member: !agent.leftAccount };
}
