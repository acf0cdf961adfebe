import { pluginParams } from './pluginGenerator';

/* Behaviour of applicationset/generators/plugin.go GenerateParams. */
describe('pluginParams', () => {
  const configMaps = [{ name: 'p', data: { baseUrl: 'http://plugin:4355/', token: '$plugin:token' } }];
  const appSetPlugins = [{ configMap: 'p', parameters: [{ name: 'east', nested: { a: 1, list: ['x'] } }] }];
  const spec = { configMapRef: { name: 'p' }, input: { parameters: { scope: 'frontend' } } };

  it('flattens the service output for fasttemplate and adds the input under generator.input.parameters', () => {
    expect(pluginParams(spec, { configMaps, appSetPlugins }, false)).toEqual([
      { name: 'east', 'nested.a': '1', 'nested.list.0': 'x', generator: { input: { parameters: { scope: 'frontend' } } } },
    ]);
    expect(pluginParams(spec, { configMaps, appSetPlugins }, true)[0].nested).toEqual({ a: 1, list: ['x'] });
  });

  it('refuses a missing ConfigMap, a token that references no secret, and a service that does not answer', () => {
    expect(() => pluginParams({ configMapRef: { name: 'q' } }, { configMaps, appSetPlugins }, false)).toThrow(
      'error getting plugin from generator: error fetching ConfigMap: configmaps "q" not found',
    );
    const plain = [{ name: 'p', data: { baseUrl: 'http://plugin', token: 'raw' } }];
    expect(() => pluginParams(spec, { configMaps: plain, appSetPlugins }, false)).toThrow(/does not reference a secret key starting with '\$'/);
    expect(() => pluginParams(spec, { configMaps, appSetPlugins: [] }, false)).toThrow(
      'error listing params: Post "http://plugin:4355/api/v1/getparams.execute"',
    );
  });
});
