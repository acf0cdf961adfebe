import { JsonObject, clone } from '../../util/json';

/*
 * `spec.ignoreApplicationDifferences` (utils/createOrUpdate.go): before the
 * controller updates an existing Application, the fields the rules name
 * keep their live values, so changes made outside the ApplicationSet
 * (say, a targetRevision set by hand) survive. A rule applies to every
 * Application or, with `name`, to one; fields are given as JSON pointers or
 * as jq paths. The sandbox reads jq paths of plain field steps
 * (`.spec.source.targetRevision`, `.spec.syncPolicy`), the form rules use.
 */

function pointerPath(pointer: string): string[] | undefined {
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map(p => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function jqPath(expression: string): string[] | undefined {
  const text = expression.trim();
  if (!/^(\.[A-Za-z_][\w-]*|\.\["[^"]+"\])+$/.test(text)) return undefined;
  return [...text.matchAll(/\.([A-Za-z_][\w-]*)|\.\["([^"]+)"\]/g)].map(m => m[1] ?? m[2]);
}

function get(obj: unknown, path: string[]): { found: boolean; value?: unknown } {
  let current = obj;
  for (const key of path) {
    if (!current || typeof current !== 'object' || !(key in (current as JsonObject))) return { found: false };
    current = (current as JsonObject)[key];
  }
  return { found: true, value: current };
}

function set(obj: JsonObject, path: string[], value: unknown, found: boolean) {
  let current = obj;
  for (const key of path.slice(0, -1)) {
    if (!current[key] || typeof current[key] !== 'object') {
      if (!found) return;
      current[key] = {};
    }
    current = current[key];
  }
  const last = path[path.length - 1];
  if (found) current[last] = clone(value);
  else delete current[last];
}

/** The desired Application with ignored fields taken from the live one. */
export function applyIgnoreApplicationDifferences(desired: JsonObject, live: JsonObject, rules: JsonObject[] | undefined): JsonObject {
  if (!rules?.length) return desired;
  const out = clone(desired);
  const name = live.metadata?.name;
  for (const rule of rules) {
    if (rule.name && rule.name !== name) continue;
    const paths = [
      ...((rule.jsonPointers ?? []) as string[]).map(pointerPath),
      ...((rule.jqPathExpressions ?? []) as string[]).map(jqPath),
    ].filter((p): p is string[] => Boolean(p?.length));
    for (const path of paths) {
      const { found, value } = get(live, path);
      set(out, path, value, found);
    }
  }
  return out;
}
