/** One requirement of a Kubernetes label selector. */
export type LabelRequirement =
  | { op: 'exists' | '!exists'; key: string }
  | { op: '=' | '!='; key: string; value: string }
  | { op: 'in' | 'notin'; key: string; values: string[] };

export class LabelSelectorError extends Error {}

const KEY = /^([a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?\/)?[a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?$/;
const VALUE = /^(([a-zA-Z0-9]([-a-zA-Z0-9_.]*[a-zA-Z0-9])?)?)$/;

function splitTopLevel(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of selector) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts.map(p => p.trim()).filter(Boolean);
}

function checkKey(key: string, selector: string) {
  if (!KEY.test(key)) throw new LabelSelectorError(`invalid label key "${key}" in selector "${selector}"`);
}

function checkValue(value: string, selector: string) {
  if (!VALUE.test(value) || value.length > 63) {
    throw new LabelSelectorError(`invalid label value "${value}" in selector "${selector}"`);
  }
}

/** Parses `a=b,c!=d,e in (f,g),h notin (i),j,!k` (Kubernetes label selector syntax). */
export function parseLabelSelector(selector: string): LabelRequirement[] {
  const requirements: LabelRequirement[] = [];
  for (const part of splitTopLevel(selector)) {
    let m = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part);
    if (m) {
      checkKey(m[1], selector);
      const values = m[3].split(',').map(v => v.trim()).filter(v => v !== '');
      values.forEach(v => checkValue(v, selector));
      requirements.push({ op: m[2] as 'in' | 'notin', key: m[1], values });
      continue;
    }
    m = /^([^=!\s]+)\s*(==|=|!=)\s*(\S*)$/.exec(part);
    if (m) {
      checkKey(m[1], selector);
      checkValue(m[3], selector);
      requirements.push({ op: m[2] === '!=' ? '!=' : '=', key: m[1], value: m[3] });
      continue;
    }
    m = /^(!?)\s*([^=!\s()]+)$/.exec(part);
    if (m) {
      checkKey(m[2], selector);
      requirements.push({ op: m[1] ? '!exists' : 'exists', key: m[2] });
      continue;
    }
    throw new LabelSelectorError(`unable to parse requirement "${part}" in selector "${selector}"`);
  }
  return requirements;
}

export function matchesRequirements(
  requirements: LabelRequirement[],
  labels: Record<string, string> | undefined,
): boolean {
  const l = labels ?? {};
  return requirements.every(r => {
    const has = Object.prototype.hasOwnProperty.call(l, r.key);
    switch (r.op) {
      case 'exists':
        return has;
      case '!exists':
        return !has;
      case '=':
        return has && l[r.key] === r.value;
      case '!=':
        return !has || l[r.key] !== r.value;
      case 'in':
        return has && r.values.includes(l[r.key]);
      case 'notin':
        return !has || !r.values.includes(l[r.key]);
      default:
        return false;
    }
  });
}

/** A metav1.LabelSelector (matchLabels / matchExpressions) as requirements. */
export function requirementsFromLabelSelector(selector: {
  matchLabels?: Record<string, string>;
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
}): LabelRequirement[] {
  const out: LabelRequirement[] = [];
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    out.push({ op: '=', key, value });
  }
  for (const e of selector.matchExpressions ?? []) {
    switch (e.operator) {
      case 'In':
        out.push({ op: 'in', key: e.key, values: e.values ?? [] });
        break;
      case 'NotIn':
        out.push({ op: 'notin', key: e.key, values: e.values ?? [] });
        break;
      case 'Exists':
        out.push({ op: 'exists', key: e.key });
        break;
      case 'DoesNotExist':
        out.push({ op: '!exists', key: e.key });
        break;
      default:
        throw new LabelSelectorError(`unknown selector operator "${e.operator}"`);
    }
  }
  return out;
}
