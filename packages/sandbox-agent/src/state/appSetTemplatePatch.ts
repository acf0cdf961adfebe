import { parse as parseYaml } from 'yaml';
import { JsonObject, isObject } from '../util/json';
import { Params, RenderOptions, TemplateError, renderString } from './appSetTemplate';

/*
 * `spec.templatePatch` (applicationset/controllers/templatePatch.go): the
 * patch is rendered as one template with the params, read as YAML, and
 * applied to the rendered Application as a strategic merge patch. For the
 * Application type that means maps merge key by key and lists are replaced
 * (none of its list fields declares a patch merge key).
 */

function strategicMerge(target: unknown, patch: unknown): unknown {
  if (!isObject(patch) || !isObject(target)) return patch;
  const out: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = strategicMerge(target[key], value);
  }
  return out;
}

export function applyTemplatePatch(app: JsonObject, patch: string, params: Params, options: RenderOptions): JsonObject {
  const rendered = renderString(patch, params, options);
  let data: unknown;
  try {
    data = parseYaml(rendered);
  } catch (error) {
    throw new TemplateError(`error unmarshalling template patch: ${(error as Error).message}`);
  }
  if (data === null || data === undefined) return app;
  if (!isObject(data)) throw new TemplateError('error unmarshalling template patch: the patch is not a map');
  return strategicMerge(app, data) as JsonObject;
}
