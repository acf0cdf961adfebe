import { defaulted, listQuery } from './httpAdapters';

/*
 * What routes read of a query the spec's validator has already checked,
 * typed and given its defaults: lists also comma-separated, as people type
 * them, and the defaults the spec promises.
 */
describe('listQuery', () => {
  it('takes lists repeated or comma-separated, trimmed', () => {
    expect(
      listQuery({
        agent: ['prod', 'hx'],
        health: ['Degraded, Missing'],
        environment: ['dev,,qa'],
        limit: 20,
        search: 'pay,ments',
      }),
    ).toEqual({
      agent: ['prod', 'hx'],
      health: ['Degraded', 'Missing'],
      environment: ['dev', 'qa'],
      limit: 20,
      search: 'pay,ments',
    });
  });

  it('drops a list that holds nothing', () => {
    expect(listQuery({ agent: [' , '], limit: 3 })).toEqual({ limit: 3 });
  });
});

describe('defaulted', () => {
  it('passes a query whose defaulted parameters are there', () => {
    const query: { limit?: number; search?: string } = { limit: 5 };
    expect(defaulted(query, ['limit']).limit).toBe(5);
  });

  it('fails at once when the spec gave a parameter no default', () => {
    const query: { limit?: number } = {};
    expect(() => defaulted(query, ['limit'])).toThrow(
      'openapi.yaml gives limit no default',
    );
  });
});
