import { GitOpsAgentError } from '@gitops-suite/plugin-gitops-node';
import { toAgentError } from './toAgentError';

describe('toAgentError', () => {
  it("keeps an agent error's own code, status and retry hint", () => {
    expect(
      toAgentError(
        'dev',
        new GitOpsAgentError('dev', 'rate_limited', 'slow down', 429, 5),
      ),
    ).toEqual({
      agentId: 'dev',
      code: 'rate_limited',
      message: 'slow down',
      status: 429,
      retryAfterSeconds: 5,
    });
  });

  it('names a timeout or an abort as the agent not answering in time', () => {
    const timeout = new DOMException('timed out', 'TimeoutError');
    const aborted = new DOMException('aborted', 'AbortError');
    for (const error of [timeout, aborted]) {
      expect(toAgentError('dev', error)).toEqual({
        agentId: 'dev',
        code: 'timeout',
        message: 'Agent dev did not answer in time',
      });
    }
  });

  it('turns any other failure into an upstream error naming its message', () => {
    expect(toAgentError('dev', new Error('socket hang up'))).toEqual({
      agentId: 'dev',
      code: 'upstream_error',
      message: 'Agent dev failed: socket hang up',
    });
    expect(toAgentError('dev', 'boom').message).toBe('Agent dev failed: boom');
  });
});
