import { ResponseError } from '@backstage/errors';
import { errorMessage, hasStatus } from './errorMessage';

const respond = (body: unknown, status = 502) =>
  ResponseError.fromResponse(
    new Response(JSON.stringify(body), {
      status,
      statusText: 'Bad Gateway',
      headers: { 'Content-Type': 'application/json' },
    }),
  );

describe('errorMessage', () => {
  it('reads the message of a Backstage error body', async () => {
    const error = await respond(
      {
        error: { name: 'NotAllowedError', message: 'not allowed to sync' },
        request: { method: 'POST', url: '/sync' },
        response: { statusCode: 403 },
      },
      403,
    );
    expect(errorMessage(error)).toBe('not allowed to sync');
    expect(hasStatus(error, 403)).toBe(true);
  });

  it("reads the agent's message from a bare error body", async () => {
    const error = await respond({
      error: { name: 'GitOpsAgentError', message: 'agent prod-eu timed out' },
    });
    expect(errorMessage(error)).toBe('agent prod-eu timed out');
  });

  it('falls back to the text of other errors', async () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('odd')).toBe('odd');
  });
});
