import { classifyAgentRefusal } from './classifyAgentRefusal';

describe('classifyAgentRefusal', () => {
  it.each([
    // Argo CD's answers through grpc-gateway: FailedPrecondition is a 400
    [
      400,
      { code: 9, message: 'another operation is already in progress' },
      'conflict',
    ],
    [
      400,
      {
        code: 9,
        message: 'rollback cannot be initiated when auto-sync is enabled',
      },
      'conflict',
    ],
    [409, { code: 6, message: 'already exists' }, 'conflict'],
    [409, { code: 10, message: 'aborted' }, 'conflict'],
    [409, 'conflict', 'conflict'],
    [400, { code: 3, message: 'error parsing labels' }, 'invalid_request'],
    [400, undefined, 'invalid_request'],
    [422, { message: 'unprocessable' }, 'invalid_request'],
  ])('%s %j is %s', (status, body, expected) => {
    expect(classifyAgentRefusal(status, body)).toBe(expected);
  });

  it.each([
    [500, { code: 13, message: 'internal error' }],
    [502, undefined],
    [503, { code: 14, message: 'unavailable' }],
    // a 5xx never becomes the caller's fault, whatever code it carries
    [500, { code: 9, message: 'odd' }],
    [500, { code: 3, message: 'odd' }],
  ])('%s %j is an upstream failure', (status, body) => {
    expect(classifyAgentRefusal(status, body)).toBeUndefined();
  });
});
