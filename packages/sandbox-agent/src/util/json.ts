/** A JSON object as the APIs exchange it. */
export type JsonObject = { [key: string]: any };

/** A deep copy of JSON data. */
export function clone<T>(value: T): T {
  return value === undefined ? value : JSON.parse(JSON.stringify(value));
}

/** Reads a dotted path (`a.b.c`) from an object. */
export function getPath(value: unknown, path: string | string[]): unknown {
  const parts = Array.isArray(path) ? path : path.split('.');
  let current: any = value;
  for (const part of parts) {
    if (current === null || typeof current !== 'object') return undefined;
    current = current[part];
  }
  return current;
}

/** Writes a dotted path, creating intermediate objects. */
export function setPath(target: JsonObject, path: string[], value: unknown) {
  let current: JsonObject = target;
  for (let i = 0; i < path.length - 1; i++) {
    const next = current[path[i]];
    if (next === null || typeof next !== 'object') current[path[i]] = {};
    current = current[path[i]];
  }
  current[path[path.length - 1]] = value;
}

/** True for plain objects (not arrays, not null). */
export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deep equality of JSON data. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
