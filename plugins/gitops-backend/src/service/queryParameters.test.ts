import { InputError } from '@backstage/errors';
import { queryParameterCheck } from './queryParameters';

/*
 * The query readers are openapi.yaml's parameters: the cases below come
 * from the spec's fleet, audit and metrics parameters, as a browser's
 * query parser (express's `qs`) hands them over.
 */
describe('queryParameterCheck', () => {
  const fleet = queryParameterCheck('/fleet/applications', 'fleet filter', [
    'offset',
    'limit',
  ]);

  it('takes lists repeated or comma-separated, trimmed, and fills the defaults', () => {
    expect(
      fleet({
        agent: ['prod', 'hx'],
        health: 'Degraded, Missing',
        environment: 'dev,,qa',
      }),
    ).toEqual({
      agent: ['prod', 'hx'],
      health: ['Degraded', 'Missing'],
      environment: ['dev', 'qa'],
      offset: 0,
      limit: 5000,
    });
  });

  it('drops a list that holds nothing', () => {
    expect(fleet({ agent: ' , ' })).toEqual({ offset: 0, limit: 5000 });
  });

  it('coerces numbers and keeps strings', () => {
    expect(fleet({ limit: '20', offset: '40', search: 'pay' })).toEqual({
      limit: 20,
      offset: 40,
      search: 'pay',
    });
  });

  it('names every wrong parameter, with what the spec allows', () => {
    const read = () =>
      fleet({
        health: 'Sick',
        limit: '0',
        offset: 'x',
        search: 'y'.repeat(201),
      });
    expect(read).toThrow(InputError);
    expect(read).toThrow(/^Invalid fleet filter: /);
    expect(read).toThrow(
      /health\.0: must be equal to one of the allowed values: Healthy, .*Missing/,
    );
    expect(read).toThrow(/limit: must be >= 1/);
    expect(read).toThrow(/offset: must be integer/);
    expect(read).toThrow(/search: must NOT have more than 200 characters/);
  });

  it('refuses a parameter the route does not take, and one given twice that is not a list', () => {
    expect(() => fleet({ limt: '5' })).toThrow(
      'Invalid fleet filter: limt: is not allowed here',
    );
    expect(() => fleet({ search: ['a', 'b'] })).toThrow(
      'Invalid fleet filter: search: must be string',
    );
  });

  it('reads the parameters of each route from its own entry in the spec', () => {
    const summary = queryParameterCheck('/fleet/summary', 'fleet filter');
    expect(() => summary({ limit: '5' })).toThrow(
      'Invalid fleet filter: limit: is not allowed here',
    );
    const audit = queryParameterCheck('/audit', 'audit query');
    expect(audit({ limit: '500', agent: 'prod' })).toEqual({
      limit: 500,
      agent: 'prod',
    });
    expect(() => audit({ limit: '501' })).toThrow(
      'Invalid audit query: limit: must be <= 500',
    );
    const metrics = queryParameterCheck('/fleet/metrics', 'metrics query', [
      'window',
    ]);
    expect(metrics({})).toEqual({ window: '30d' });
    expect(() => metrics({ window: '30x' })).toThrow(
      'Invalid metrics query: window: must match pattern "^[0-9]{1,3}d$"',
    );
  });

  it('fails at once when a route claims a default the spec does not give', () => {
    const wrong = queryParameterCheck('/audit', 'audit query', ['limit']);
    expect(() => wrong({})).toThrow(
      'openapi.yaml gives query parameter limit of GET /audit no default',
    );
  });
});
