/*
 * Go values as templates see JSON data: truthiness and printing with fmt's
 * %v (floats in strconv's shortest 'g' form: an exponent below 1e-04 and
 * from 1e+06 on,
 * maps as map[k:v] with sorted keys, slices as [a b]).
 */

/** The value of a missing map key (Go's zero interface: prints "<no value>"). */
export const NO_VALUE = Symbol('no value');

export type GoFunction = (...args: any[]) => unknown;

/** Go's truth: false, 0, nil, and empty strings, slices and maps are false. */
export function isTrue(value: unknown): boolean {
  if (value === undefined || value === null || value === NO_VALUE) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** A missing value becomes nil when a function receives it. */
export function toNil(value: unknown): unknown {
  return value === NO_VALUE || value === undefined ? null : value;
}

/** strconv.FormatFloat(v, 'g', -1, 64) as fmt's %v prints a float64. */
export function formatFloat(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const [mantissa, expText] = value.toExponential().split('e');
  const exp = Number(expText);
  if (exp < -4 || exp >= 6) {
    const sign = exp < 0 ? '-' : '+';
    const abs = Math.abs(exp);
    return `${mantissa}e${sign}${abs < 10 ? `0${abs}` : abs}`;
  }
  return String(value);
}

/** fmt.Sprint of a value. */
export function formatValue(value: unknown): string {
  if (value === NO_VALUE || value === undefined || value === null) return '<no value>';
  return formatInner(value);
}

function formatInner(value: unknown): string {
  if (value === NO_VALUE || value === undefined || value === null) return '<nil>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatFloat(value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(formatInner).join(' ')}]`;
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return `map[${Object.keys(obj)
      .sort()
      .map(k => `${k}:${formatInner(obj[k])}`)
      .join(' ')}]`;
  }
  return String(value);
}
