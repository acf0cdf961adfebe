import type { AppSetPluginSpec, ConfigMapSpec } from '../../scenario/appSetSchema';
import { JsonObject, clone } from '../../util/json';
import { GeneratorInputError } from './errors';
import { flattenToStrings } from './flatten';

/*
 * The plugin generator (applicationset/generators/plugin.go): the ConfigMap
 * named by `configMapRef` must hold `baseUrl` and a `token` that references
 * a secret key (`$secret:key`); the service's `output.parameters` become the
 * param sets (flattened for fasttemplate), each with the generator's input
 * under `generator.input.parameters`. The sandbox answers for the service
 * with what the scenario declares for that ConfigMap.
 */

export interface PluginEnv {
  configMaps: ConfigMapSpec[];
  appSetPlugins: AppSetPluginSpec[];
}

function pluginService(spec: JsonObject, env: PluginEnv): ConfigMapSpec {
  const name = String(spec.configMapRef?.name ?? '');
  const fail = (reason: string) => new GeneratorInputError(`error getting plugin from generator: ${reason}`);
  const configMap = env.configMaps.find(c => c.name === name);
  if (!configMap) throw fail(`error fetching ConfigMap: configmaps "${name}" not found`);
  if (!configMap.data.baseUrl) throw fail('error fetching ConfigMap: baseUrl not found in ConfigMap');
  const token = configMap.data.token;
  if (!token) throw fail('error fetching ConfigMap: token not found in ConfigMap');
  if (!token.startsWith('$')) {
    throw fail(`error fetching Secret token: token is empty, or does not reference a secret key starting with '$': ${token}`);
  }
  return configMap;
}

export function pluginParams(spec: JsonObject, env: PluginEnv, goTemplate: boolean): JsonObject[] {
  const configMap = pluginService(spec, env);
  const answer = env.appSetPlugins.find(p => p.configMap === configMap.name);
  if (!answer) {
    const url = `${configMap.data.baseUrl.replace(/\/+$/, '')}/api/v1/getparams.execute`;
    throw new GeneratorInputError(`error listing params: Post "${url}": dial tcp: lookup: no such host`);
  }
  const input = clone(spec.input?.parameters ?? {});
  return answer.parameters.map(found => {
    const params: JsonObject = goTemplate ? clone(found) : flattenToStrings(found);
    params.generator = { input: { parameters: clone(input) } };
    return params;
  });
}
