import { formatFloat } from '../goTemplate/values';

/*
 * jeremywohl/flatten with DotStyle, then fmt's %v of every leaf, as Argo CD
 * builds fasttemplate params from file and plugin objects and flattens
 * params before matching a generator's post-selector
 * (generator_spec_processor.go flattenParameters). Maps and lists nest with
 * dots (`a.b`, `list.0`), empty maps and lists leave nothing, nil prints as
 * `<nil>` and JSON numbers (float64 in Go) in strconv's shortest form.
 */

/** fmt.Sprintf("%v", v) of a value decoded from JSON or YAML. */
export function sprintV(value: unknown): string {
  if (value === null || value === undefined) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatFloat(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(sprintV).join(' ')}]`;
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `map[${Object.keys(obj)
      .sort()
      .map(k => `${k}:${sprintV(obj[k])}`)
      .join(' ')}]`;
  }
  return String(value);
}

/** Flattens nested maps and lists to dotted keys with %v string values. */
export function flattenToStrings(value: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, prefix: string) => {
    if (Array.isArray(node)) {
      node.forEach((v, i) => walk(v, prefix ? `${prefix}.${i}` : String(i)));
    } else if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) walk(v, prefix ? `${prefix}.${k}` : k);
    } else {
      out[prefix] = sprintV(node);
    }
  };
  walk(value, '');
  return out;
}
