import { JsonObject, isObject } from '../util/json';

/**
 * Reads a dotted path where keys may themselves contain dots
 * (`app.metadata.labels.harness.io/serviceRef`): the longest key that exists wins.
 */
export function readLoosePath(value: unknown, path: string): unknown {
  if (!path) return value;
  if (!isObject(value)) return undefined;
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const key = parts.slice(0, n).join('.');
    if (Object.prototype.hasOwnProperty.call(value, key)) {
      return readLoosePath(value[key], parts.slice(n).join('.'));
    }
  }
  return undefined;
}

function matchesCondition(actual: unknown, condition: unknown): boolean {
  const values = Array.isArray(actual) ? actual : [actual];
  if (isObject(condition) && Object.keys(condition).some(k => k.startsWith('$'))) {
    return Object.entries(condition).every(([op, operand]) => {
      switch (op) {
        case '$eq':
          return values.includes(operand);
        case '$ne':
          return !values.includes(operand);
        case '$in':
          return Array.isArray(operand) && values.some(v => operand.includes(v));
        case '$nin':
          return Array.isArray(operand) && !values.some(v => operand.includes(v));
        case '$exists':
          return (actual !== undefined) === Boolean(operand);
        case '$regex':
          return values.some(v => typeof v === 'string' && new RegExp(String(operand), 'i').test(v));
        default:
          return false;
      }
    });
  }
  if (Array.isArray(condition)) return values.some(v => condition.includes(v));
  return values.includes(condition);
}

const SHORTHANDS: Record<string, string> = {
  healthStatus: 'app.status.health.status',
  syncStatus: 'app.status.sync.status',
  clusterIdentifier: 'clusterIdentifier',
  repoIdentifier: 'repoIdentifier',
};

/**
 * The filters of POST /gitops/api/v1/applications: a Mongo-style `filter`
 * object over the servicev1Application wrapper (equality, $in, $nin, $ne,
 * $eq, $exists, $regex), plus shorthand body fields healthStatus,
 * syncStatus, clusterIdentifier and repoIdentifier (a value or a list).
 */
export function matchesFilter(wrapper: JsonObject, body: JsonObject): boolean {
  const filter: JsonObject = isObject(body.filter) ? body.filter : {};
  for (const [path, condition] of Object.entries(filter)) {
    if (!matchesCondition(readLoosePath(wrapper, path), condition)) return false;
  }
  for (const [field, path] of Object.entries(SHORTHANDS)) {
    const condition = body[field];
    if (condition === undefined || condition === null || condition === '') continue;
    if (Array.isArray(condition) && condition.length === 0) continue;
    if (!matchesCondition(readLoosePath(wrapper, path), condition)) return false;
  }
  return true;
}
