/*
 * Argo CD's RBAC, as argocd-rbac-cm configures it: `policy.csv` (casbin
 * lines `p, subject, resource, action, object, effect` and
 * `g, subject-or-group, role`), `policy.default` (a role every request is
 * checked against first) and `scopes` (the token claims that name the
 * user's groups, `[groups]` by default). Matching follows Argo CD's model:
 * the subject matches a rule's subject directly or through `g` lines
 * (transitively), resource, action and object match as globs (`*` spans
 * `/`), and within one subject a matching `deny` wins over any `allow`.
 * A user is allowed when the default role, the token's `sub`, or one of its
 * groups is; like Argo CD, a group counts only when some `g` line names it.
 */

/** One `p` line. */
export interface PolicyRule {
  subject: string;
  resource: string;
  action: string;
  object: string;
  effect: 'allow' | 'deny';
  /** 1-based line in the policy text it came from. */
  line: number;
}

/** A `policy.csv` that cannot be loaded; `line` is 1-based. */
export class RbacPolicyError extends Error {
  constructor(readonly line: number, message: string) {
    super(`policy.csv line ${line}: ${message}`);
    this.name = 'RbacPolicyError';
  }
}

/** The resources Argo CD's RBAC knows (AccountService.CanI accepts these). */
export const RBAC_RESOURCES = [
  'clusters',
  'projects',
  'applications',
  'applicationsets',
  'repositories',
  'write-repositories',
  'certificates',
  'accounts',
  'gpgkeys',
  'logs',
  'exec',
  'extensions',
] as const;

/** The actions Argo CD's RBAC knows; `action/<group>/<kind>/<name>` are resource actions. */
export const RBAC_ACTIONS = ['get', 'create', 'update', 'delete', 'sync', 'override', 'action', 'invoke'] as const;

/**
 * The built-in roles (Argo CD's builtin-policy.csv, condensed): `role:readonly`
 * may get everything, `role:admin` may do everything; the local `admin` user
 * has `role:admin`.
 */
const BUILTIN_POLICY = `
p, role:readonly, *, get, *, allow
p, role:admin, *, *, *, allow
g, role:admin, role:readonly
g, admin, role:admin
`;

/** Splits one CSV line as Go's encoding/csv does with TrimLeadingSpace: quotes, `""` escapes. */
function csvFields(line: string, lineNo: number): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    let field = '';
    if (line[i] === '"') {
      i++;
      for (;;) {
        if (i >= line.length) throw new RbacPolicyError(lineNo, `unterminated quote: ${line}`);
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += line[i++];
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i < line.length && line[i] !== ',') throw new RbacPolicyError(lineNo, `extraneous text after a quoted field: ${line}`);
    } else {
      const end = line.indexOf(',', i);
      field = (end < 0 ? line.slice(i) : line.slice(i, end)).trim();
      i = end < 0 ? line.length : end;
    }
    fields.push(field);
    if (i >= line.length) return fields;
    i++; // the comma
  }
}

/** The `p` rules and `g` edges of a policy text; throws {@link RbacPolicyError}. */
export function parsePolicyCsv(text: string): { rules: PolicyRule[]; groupings: Array<[string, string]> } {
  const rules: PolicyRule[] = [];
  const groupings: Array<[string, string]> = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    const lineNo = index + 1;
    if (!line || line.startsWith('#')) return;
    const [kind, ...values] = csvFields(line, lineNo);
    if (kind === 'p') {
      if (values.length !== 5) {
        throw new RbacPolicyError(lineNo, `a p line has 5 values (subject, resource, action, object, effect): ${line}`);
      }
      const [subject, resource, action, object, effect] = values;
      if (effect !== 'allow' && effect !== 'deny') {
        throw new RbacPolicyError(lineNo, `the effect is allow or deny, not "${effect}": ${line}`);
      }
      if (!subject || !resource || !action || !object) throw new RbacPolicyError(lineNo, `empty value: ${line}`);
      rules.push({ subject, resource, action, object, effect, line: lineNo });
    } else if (kind === 'g') {
      if (values.length !== 2 || !values[0] || !values[1]) {
        throw new RbacPolicyError(lineNo, `a g line has 2 values (subject or group, role): ${line}`);
      }
      groupings.push([values[0], values[1]]);
    } else {
      throw new RbacPolicyError(lineNo, `invalid RBAC policy: ${line}`);
    }
  });
  return { rules, groupings };
}

const globCache = new Map<string, RegExp>();

/**
 * Glob matching as Argo CD's (gobwas/glob without separators): `*` is any
 * run of characters, `/` included; `?` one character; `[abc]`, `[!a-z]`
 * classes; `{a,b}` alternatives; `\` escapes.
 */
export function globMatch(pattern: string, value: string): boolean {
  let re = globCache.get(pattern);
  if (!re) {
    re = new RegExp(`^${globSource(pattern)}$`, 's');
    if (globCache.size > 5000) globCache.clear();
    globCache.set(pattern, re);
  }
  return re.test(value);
}

function globSource(pattern: string): string {
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      out += escapeRegex(pattern[++i]);
    } else if (c === '*') {
      out += '.*';
    } else if (c === '?') {
      out += '.';
    } else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) {
        out += '\\[';
        continue;
      }
      let body = pattern.slice(i + 1, end);
      const negated = body.startsWith('!');
      if (negated) body = body.slice(1);
      out += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, m => `\\${m}`)}]`;
      i = end;
    } else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) {
      out += '|';
    } else {
      out += escapeRegex(c);
    }
  }
  return out + ')'.repeat(braces);
}

function escapeRegex(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, m => `\\${m}`);
}

/** `scopes` of argocd-rbac-cm: `'[groups, email]'` (or a list) to claim names. */
export function parseScopes(scopes: string | string[] | undefined): string[] {
  if (scopes === undefined) return ['groups'];
  const list = Array.isArray(scopes) ? scopes : scopes.replace(/^\s*\[|\]\s*$/g, '').split(',');
  return list.map(s => s.trim().replace(/^["']|["']$/g, '')).filter(Boolean);
}

/** The values of the scope claims of a token: strings and string lists. */
export function scopeValues(claims: Record<string, unknown>, scopes: string[]): string[] {
  const out: string[] = [];
  for (const scope of scopes) {
    const value = claims[scope];
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) out.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return out;
}

export interface RbacPolicyOptions {
  /** policy.csv */
  policyCsv?: string;
  /** policy.default, e.g. `role:readonly` */
  policyDefault?: string;
  /** scopes, e.g. `[groups]` */
  scopes?: string | string[];
}

/** An agent's RBAC policy: the built-in roles, policy.csv, policy.default and scopes. */
export class RbacPolicy {
  readonly rules: PolicyRule[];
  readonly scopes: string[];
  readonly defaultRole?: string;
  /** subject or group -> the roles it has directly */
  private readonly roles = new Map<string, string[]>();

  constructor(options: RbacPolicyOptions = {}) {
    const builtin = parsePolicyCsv(BUILTIN_POLICY);
    const user = parsePolicyCsv(options.policyCsv ?? '');
    this.rules = [...builtin.rules, ...user.rules];
    for (const [member, role] of [...builtin.groupings, ...user.groupings]) {
      this.roles.set(member, [...(this.roles.get(member) ?? []), role]);
    }
    this.scopes = parseScopes(options.scopes);
    this.defaultRole = options.policyDefault?.trim() || undefined;
  }

  /** The subject itself and every role it has through `g` lines (at most 10 levels, as casbin). */
  private subjectsOf(subject: string): Set<string> {
    const seen = new Set([subject]);
    let frontier = [subject];
    for (let depth = 0; depth < 10 && frontier.length; depth++) {
      const next: string[] = [];
      for (const s of frontier) {
        for (const role of this.roles.get(s) ?? []) {
          if (!seen.has(role)) {
            seen.add(role);
            next.push(role);
          }
        }
      }
      frontier = next;
    }
    return seen;
  }

  /** casbin's answer for one subject: some matching allow and no matching deny. */
  private enforceSubject(subject: string, resource: string, action: string, object: string): boolean {
    const subjects = this.subjectsOf(subject);
    let allow = false;
    for (const rule of this.rules) {
      if (!subjects.has(rule.subject)) continue;
      if (!globMatch(rule.resource, resource) || !globMatch(rule.action, action) || !globMatch(rule.object, object)) {
        continue;
      }
      if (rule.effect === 'deny') return false;
      allow = true;
    }
    return allow;
  }

  /** May this subject (a user, group or role) do it? The default role is checked first. */
  enforce(subject: string, resource: string, action: string, object: string): boolean {
    if (this.defaultRole && this.enforceSubject(this.defaultRole, resource, action, object)) return true;
    return this.enforceSubject(subject, resource, action, object);
  }

  /** May the user of a token do it: its `sub`, or one of its groups that a `g` line names. */
  enforceClaims(claims: Record<string, unknown>, resource: string, action: string, object: string): boolean {
    const sub = typeof claims.sub === 'string' ? claims.sub : '';
    if (this.enforce(sub, resource, action, object)) return true;
    for (const group of scopeValues(claims, this.scopes)) {
      if (this.roles.has(group) && this.enforce(group, resource, action, object)) return true;
    }
    return false;
  }
}
