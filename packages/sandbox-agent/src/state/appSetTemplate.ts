import { JsonObject, getPath, isObject } from '../util/json';

/*
 * ApplicationSet templating: fasttemplate (`{{param.path}}` over flattened
 * parameters) and a subset of Go templates (`{{ .path.basename }}`,
 * `{{ index .metadata.labels "env" }}`, pipes to default/lower/upper/
 * normalize/quote). Unsupported expressions are left as they are.
 */

export type Params = JsonObject;

export class TemplateError extends Error {}

/** Flattens nested params to `a.b.c` keys (fasttemplate's view). */
export function flattenParams(params: Params, prefix = '', out: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) {
      flattenParams(value, name, out);
    } else if (Array.isArray(value)) {
      out[name] = value.join(',');
      value.forEach((v, i) => {
        if (!isObject(v)) out[`${name}[${i}]`] = String(v);
      });
    } else if (value !== undefined && value !== null) {
      out[name] = String(value);
    }
  }
  return out;
}

function normalizeName(value: string) {
  return value.toLowerCase().replace(/[^a-z0-9-.]/g, '-');
}

function evalGoExpression(expr: string, params: Params, missingIsError: boolean): string | undefined {
  const stages = expr.split('|').map(s => s.trim());
  const applyFunction = (fn: string, args: unknown[]): unknown => {
    const last = args[args.length - 1];
    switch (fn) {
      case 'default':
        return last === undefined || last === '' || last === null ? args[0] : last;
      case 'lower':
        return String(last ?? '').toLowerCase();
      case 'upper':
        return String(last ?? '').toUpperCase();
      case 'normalize':
        return normalizeName(String(last ?? ''));
      case 'quote':
        return JSON.stringify(String(last ?? ''));
      default:
        return last === undefined ? undefined : String(last);
    }
  };
  const evalTerm = (term: string): unknown => {
    const quoted = /^"(.*)"$/.exec(term);
    if (quoted) return quoted[1];
    if (term.startsWith('.')) {
      const path = term.slice(1);
      return path ? getPath(params, path) : params;
    }
    const index = /^index\s+(\S+)\s+"([^"]*)"$/.exec(term);
    if (index) {
      const base = evalTerm(index[1]);
      return isObject(base) ? base[index[2]] : undefined;
    }
    const call = /^(default|lower|upper|normalize|quote|toString)\s+(.+)$/.exec(term);
    if (call) {
      const args = call[2].match(/"[^"]*"|\S+/g) ?? [];
      const values = args.map(evalTerm);
      return applyFunction(call[1], values);
    }
    throw new TemplateError(`unsupported template expression "${term}"`);
  };
  let value = evalTerm(stages[0]);
  for (const stage of stages.slice(1)) {
    const [fn = '', ...rest] = stage.match(/"[^"]*"|\S+/g) ?? [];
    value = applyFunction(fn, [...rest.map(evalTerm), value]);
  }
  if (value === undefined || value === null) {
    if (missingIsError) throw new TemplateError(`map has no entry for key "${stages[0]}"`);
    return '<no value>';
  }
  return isObject(value) || Array.isArray(value) ? JSON.stringify(value) : String(value);
}

function renderString(
  text: string,
  params: Params,
  flat: Record<string, string>,
  goTemplate: boolean,
  missingIsError: boolean,
): string {
  if (!text.includes('{{')) return text;
  if (!goTemplate) {
    return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, key: string) =>
      Object.prototype.hasOwnProperty.call(flat, key) ? flat[key] : whole,
    );
  }
  return text.replace(/\{\{-?\s*(.+?)\s*-?\}\}/g, (_whole, expr: string) =>
    evalGoExpression(expr, params, missingIsError) ?? '',
  );
}

/** Renders every string of a template with the params. */
export function renderTemplate<T>(
  template: T,
  params: Params,
  options: { goTemplate: boolean; goTemplateOptions?: string[] },
): T {
  const flat = options.goTemplate ? {} : flattenParams(params);
  const missingIsError = Boolean(options.goTemplateOptions?.includes('missingkey=error'));
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return renderString(value, params, flat, options.goTemplate, missingIsError);
    }
    if (Array.isArray(value)) return value.map(walk);
    if (isObject(value)) {
      const out: JsonObject = {};
      for (const [k, v] of Object.entries(value)) out[walk(k) as string] = walk(v);
      return out;
    }
    return value;
  };
  return walk(template) as T;
}

/** Deep-merges a generator's template over the ApplicationSet's template. */
export function mergeTemplates(base: unknown, override: unknown): unknown {
  if (isObject(base) && isObject(override)) {
    const out: JsonObject = { ...base };
    for (const [k, v] of Object.entries(override)) out[k] = mergeTemplates(base[k], v);
    return out;
  }
  if (override === undefined || override === null || override === '') return base;
  return override;
}
