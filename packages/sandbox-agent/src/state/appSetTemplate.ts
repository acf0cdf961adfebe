import { JsonObject, isObject } from '../util/json';
import { GoTemplateError, renderGoTemplate } from './goTemplate';

/*
 * ApplicationSet templating as Argo CD's applicationset/utils renders it:
 * every string key and value of the template is rendered on its own, with
 * fasttemplate (`{{param.path}}` over flat string params, unknown tags left
 * as they are) or, with `goTemplate: true`, Go's text/template.
 */

export type Params = JsonObject;

export class TemplateError extends Error {}

export interface RenderOptions {
  goTemplate: boolean;
  goTemplateOptions?: string[];
}

/** Renders one string. */
export function renderString(text: string, params: Params, options: RenderOptions): string {
  if (!text.includes('{{')) return text;
  if (options.goTemplate) {
    try {
      return renderGoTemplate(text, params, options.goTemplateOptions ?? []);
    } catch (error) {
      if (error instanceof GoTemplateError) throw new TemplateError(`failed to execute go template ${text}: ${error.message}`);
      throw error;
    }
  }
  return text.replace(/\{\{([^{}]*)\}\}/g, (whole, tag: string) => {
    const value = params[tag.trim()];
    return typeof value === 'string' && tag.trim() ? value : whole;
  });
}

/** Renders every string (keys too) of a template with the params. */
export function renderTemplate<T>(template: T, params: Params, options: RenderOptions): T {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return renderString(value, params, options);
    if (Array.isArray(value)) return value.map(walk);
    if (isObject(value)) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) out[renderString(k, params, options)] = walk(v);
      return out;
    }
    return value;
  };
  return walk(template) as T;
}

/** Deep-merges a generator's template over the ApplicationSet's template (empty values keep the base). */
export function mergeTemplates(base: unknown, override: unknown): unknown {
  if (isObject(base) && isObject(override)) {
    const out: JsonObject = { ...base };
    for (const [k, v] of Object.entries(override)) out[k] = mergeTemplates(base[k], v);
    return out;
  }
  if (override === undefined || override === null || override === '') return base;
  if (Array.isArray(override) && !override.length) return base;
  if (isObject(override) && !Object.keys(override).length) return base;
  return override;
}
