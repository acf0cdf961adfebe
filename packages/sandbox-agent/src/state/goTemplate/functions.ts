import { createHash } from 'crypto';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { GoTemplateError } from './parse';
import { GoFunction, formatValue, isTrue, toNil } from './values';

/*
 * The functions an ApplicationSet Go template can call: text/template's
 * builtins, the sprig functions real ApplicationSets use, and Argo CD's
 * own additions (applicationset/utils: normalize, slugify, toYaml,
 * fromYaml, fromYamlArray). Behaviour follows each function's Go source
 * documentation (pkg.go.dev/text/template, masterminds.github.io/sprig).
 */

const str = (v: unknown): string => {
  const value = toNil(v);
  if (value === null) return '';
  return typeof value === 'string' ? value : formatValue(value);
};

function needString(name: string, v: unknown): string {
  if (typeof v !== 'string') {
    throw new GoTemplateError(`error calling ${name}: wrong type for value; expected string; got ${goType(v)}`);
  }
  return v;
}

function goType(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'object') return 'map[string]interface {}';
  if (typeof v === 'number') return 'float64';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

function compare(name: string, a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    if (a === b) return 0;
    return a < b ? -1 : 1;
  }
  throw new GoTemplateError(`error calling ${name}: incompatible types for comparison`);
}

function basicEqual(a: unknown, b: unknown): boolean {
  if (a === null || b === null) return a === b;
  if (typeof a !== typeof b) throw new GoTemplateError('error calling eq: incompatible types for comparison');
  if (typeof a === 'object') throw new GoTemplateError('error calling eq: non-comparable type');
  return a === b;
}

/** Go's %-verbs as printf uses them (the common subset). */
function printf(format: string, ...args: unknown[]): string {
  let i = 0;
  return format.replace(/%([-+# 0]*)(\d*)(?:\.(\d+))?([vsdqftxX%])/g, (_m, flags: string, width, prec, verb) => {
    if (verb === '%') return '%';
    const arg = args[i++];
    let out: string;
    switch (verb) {
      case 'd':
        out = String(Math.trunc(Number(arg)));
        break;
      case 'f':
        out = Number(arg).toFixed(prec === undefined ? 6 : Number(prec));
        break;
      case 'q':
        out = JSON.stringify(str(arg));
        break;
      case 'x':
      case 'X':
        out = typeof arg === 'number' ? arg.toString(16) : Buffer.from(str(arg)).toString('hex');
        if (verb === 'X') out = out.toUpperCase();
        break;
      case 't':
        out = String(Boolean(arg));
        break;
      default:
        if (arg === null || arg === undefined) {
          out = `%!${verb}(<nil>)`;
        } else {
          out = formatValue(arg);
          // %.Ns keeps the first N runes of the operand.
          if (prec !== undefined && (verb === 's' || verb === 'v')) out = [...out].slice(0, Number(prec)).join('');
        }
    }
    if (!width) return out;
    const w = Number(width);
    // fmt: `-` pads on the right, `0` pads numbers with leading zeros after the sign.
    if (flags.includes('-')) return out.padEnd(w);
    if (flags.includes('0') && 'dfxX'.includes(verb)) {
      const sign = out.startsWith('-') ? '-' : '';
      return sign + out.slice(sign.length).padStart(w - sign.length, '0');
    }
    return out.padStart(w);
  });
}

/** sigs.k8s.io/yaml output: sorted keys, sequences not indented, no trailing newline. */
function toYaml(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return stringifyYaml(value, { sortMapEntries: true, indentSeq: false, lineWidth: 0 }).replace(/\n$/, '');
}

/** Argo CD's SanitizeName: a DNS-1123 subdomain of at most 253 characters. */
export function sanitizeName(name: string): string {
  const lowered = name.toLowerCase().replace(/[^-a-z0-9.]/g, '-');
  return lowered.slice(0, 253).replace(/^[-.]+|[-.]+$/g, '');
}

function slugify(maxSize: number, smartTruncate: boolean, input: string): string {
  let slug = input.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  if (slug.length > maxSize) {
    if (smartTruncate) {
      const words = slug.split('-');
      let out = '';
      for (const word of words) {
        const next = out ? `${out}-${word}` : word;
        if (next.length > maxSize) break;
        out = next;
      }
      slug = out || slug.slice(0, maxSize);
    } else {
      slug = slug.slice(0, maxSize);
    }
  }
  return slug;
}

const num = (v: unknown): number => {
  const n = typeof v === 'string' ? Number.parseFloat(v) : Number(toNil(v) ?? 0);
  return Number.isNaN(n) ? 0 : n;
};

const raw: Record<string, GoFunction> = {
  // text/template builtins (and/or are evaluated lazily by the executor)
  not: v => !isTrue(v),
  len: v => {
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    if (v && typeof v === 'object') return Object.keys(v).length;
    throw new GoTemplateError(`error calling len: len of type ${goType(v)}`);
  },
  index: (item, ...keys) => {
    let current = item;
    for (const key of keys) {
      if (Array.isArray(current)) {
        if (typeof key !== 'number' || key < 0 || key >= current.length) {
          throw new GoTemplateError(`error calling index: index out of range: ${formatValue(key)}`);
        }
        current = current[key];
      } else if (current && typeof current === 'object') {
        current = (current as Record<string, unknown>)[String(key)] ?? null;
      } else if (current === null) {
        throw new GoTemplateError('error calling index: index of untyped nil');
      } else {
        throw new GoTemplateError(`error calling index: can't index item of type ${goType(current)}`);
      }
    }
    return current;
  },
  slice: (item, ...idx) => {
    if (typeof item !== 'string' && !Array.isArray(item)) throw new GoTemplateError('error calling slice: cannot slice');
    return item.slice(idx[0] ?? 0, idx[1] ?? item.length);
  },
  print: (...args) => args.map(str).join(''),
  println: (...args) => `${args.map(str).join(' ')}\n`,
  printf: (format, ...args) => printf(String(format), ...args),
  eq: (a, ...bs) => bs.some(b => basicEqual(a, b)),
  ne: (a, b) => !basicEqual(a, b),
  lt: (a, b) => compare('lt', a, b) < 0,
  le: (a, b) => compare('le', a, b) <= 0,
  gt: (a, b) => compare('gt', a, b) > 0,
  ge: (a, b) => compare('ge', a, b) >= 0,
  html: v => str(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;'),
  urlquery: v => encodeURIComponent(str(v)),
  // sprig: defaults and flow
  default: (dflt, ...given) => (given.length && isTrue(given[0]) ? given[0] : dflt),
  empty: v => !isTrue(v),
  coalesce: (...args) => args.find(isTrue) ?? null,
  ternary: (a, b, cond) => (cond ? a : b),
  fail: msg => {
    throw new GoTemplateError(`error calling fail: ${str(msg)}`);
  },
  required: (msg, v) => {
    if (v === null || v === '') throw new GoTemplateError(`error calling required: ${str(msg)}`);
    return v;
  },
  // sprig: strings
  lower: v => str(v).toLowerCase(),
  upper: v => str(v).toUpperCase(),
  title: v => str(v).replace(/(^|[^\p{L}\p{N}'])(\p{L})/gu, (_m, a, b) => a + b.toUpperCase()),
  trim: v => str(v).trim(),
  trimAll: (cut, v) => str(v).replace(new RegExp(`^[${escapeClass(str(cut))}]+|[${escapeClass(str(cut))}]+$`, 'g'), ''),
  trimPrefix: (p, v) => (str(v).startsWith(str(p)) ? str(v).slice(str(p).length) : str(v)),
  trimSuffix: (s, v) => (str(v).endsWith(str(s)) && str(s) ? str(v).slice(0, -str(s).length) : str(v)),
  trunc: (n, v) => {
    const s = str(v);
    return n >= 0 ? s.slice(0, n) : s.slice(Math.max(0, s.length + n));
  },
  replace: (old, neu, v) => str(v).split(str(old)).join(str(neu)),
  contains: (sub, v) => str(v).includes(str(sub)),
  hasPrefix: (p, v) => str(v).startsWith(str(p)),
  hasSuffix: (s, v) => str(v).endsWith(str(s)),
  quote: (...args) => args.filter(a => a !== null).map(a => JSON.stringify(str(a))).join(' '),
  squote: (...args) => args.filter(a => a !== null).map(a => `'${str(a)}'`).join(' '),
  cat: (...args) => args.filter(a => a !== null).map(str).join(' '),
  repeat: (n, v) => str(v).repeat(Math.max(0, n)),
  substr: (start, end, v) => {
    const s = str(v);
    if (start < 0) return s.slice(0, end);
    if (end < 0 || end > s.length) return s.slice(start);
    return s.slice(start, end);
  },
  nospace: v => str(v).replace(/\s/g, ''),
  indent: (n, v) => str(v).split('\n').map(l => ' '.repeat(n) + l).join('\n'),
  nindent: (n, v) => `\n${str(v).split('\n').map(l => ' '.repeat(n) + l).join('\n')}`,
  toString: (v: unknown) => str(v),
  join: (sep, list) => (Array.isArray(list) ? list.map(str).join(str(sep)) : str(list)),
  split: (sep, v) => Object.fromEntries(str(v).split(str(sep)).map((p, i) => [`_${i}`, p])),
  splitList: (sep, v) => str(v).split(str(sep)),
  regexMatch: (re, v) => new RegExp(re).test(str(v)),
  regexFind: (re, v) => new RegExp(re).exec(str(v))?.[0] ?? '',
  regexReplaceAll: (re, v, repl) => str(v).replace(new RegExp(re, 'g'), str(repl).replace(/\$\{?(\d+)\}?/g, '$$$1')),
  regexReplaceAllLiteral: (re, v, repl) => str(v).replace(new RegExp(re, 'g'), () => str(repl)),
  b64enc: v => Buffer.from(str(v)).toString('base64'),
  b64dec: v => Buffer.from(str(v), 'base64').toString('utf8'),
  sha256sum: v => createHash('sha256').update(str(v)).digest('hex'),
  sha1sum: v => createHash('sha1').update(str(v)).digest('hex'),
  // sprig: numbers
  atoi: v => Math.trunc(num(v)),
  int: v => Math.trunc(num(v)),
  int64: v => Math.trunc(num(v)),
  float64: v => num(v),
  add: (...args) => args.reduce((a: number, b) => a + Math.trunc(num(b)), 0),
  add1: v => Math.trunc(num(v)) + 1,
  sub: (a, b) => Math.trunc(num(a)) - Math.trunc(num(b)),
  mul: (...args) => args.reduce((a: number, b) => a * Math.trunc(num(b)), 1),
  div: (a, b) => Math.trunc(Math.trunc(num(a)) / Math.trunc(num(b))),
  mod: (a, b) => Math.trunc(num(a)) % Math.trunc(num(b)),
  max: (...args) => Math.max(...args.map(a => Math.trunc(num(a)))),
  min: (...args) => Math.min(...args.map(a => Math.trunc(num(a)))),
  // sprig: lists and dicts
  list: (...args) => args,
  first: l => (Array.isArray(l) && l.length ? l[0] : null),
  last: l => (Array.isArray(l) && l.length ? l[l.length - 1] : null),
  has: (needle, l) => Array.isArray(l) && l.some(x => x === needle),
  uniq: l => (Array.isArray(l) ? [...new Set(l)] : l),
  sortAlpha: l => (Array.isArray(l) ? l.map(str).sort() : l),
  dict: (...args) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < args.length; i += 2) out[str(args[i])] = i + 1 < args.length ? args[i + 1] : '';
    return out;
  },
  hasKey: (d, k) => Boolean(d && typeof d === 'object' && Object.prototype.hasOwnProperty.call(d, k)),
  get: (d, k) => (d && typeof d === 'object' && k in d ? (d as Record<string, unknown>)[k] : ''),
  set: (d, k, v) => {
    d[k] = v;
    return d;
  },
  unset: (d, k) => {
    delete d[k];
    return d;
  },
  keys: (...ds) => ds.flatMap(d => Object.keys(d ?? {})),
  values: d => Object.values(d ?? {}),
  pluck: (k, ...ds) => ds.filter(d => d && k in d).map(d => d[k]),
  merge: (dst, ...srcs) => {
    for (const src of srcs) for (const [k, v] of Object.entries(src ?? {})) if (!(k in dst)) dst[k] = v;
    return dst;
  },
  // encoding, with Argo CD's own YAML helpers
  toJson: v => JSON.stringify(v ?? null),
  toPrettyJson: v => JSON.stringify(v ?? null, null, 2),
  toRawJson: v => JSON.stringify(v ?? null),
  fromJson: v => {
    try {
      return JSON.parse(str(v));
    } catch {
      return {};
    }
  },
  toYaml,
  fromYaml: v => {
    const parsed = parseYaml(str(v));
    if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) {
      throw new GoTemplateError('error calling fromYaml: the YAML is not a map');
    }
    return parsed ?? {};
  },
  fromYamlArray: v => {
    const parsed = parseYaml(str(v));
    if (parsed !== null && !Array.isArray(parsed)) throw new GoTemplateError('error calling fromYamlArray: the YAML is not a list');
    return parsed ?? [];
  },
  normalize: v => sanitizeName(needString('normalize', v)),
  slugify: (maxSize, smart, v) => slugify(Number(maxSize), Boolean(smart), str(v)),
  kebabcase: v => str(v).replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[\s_]+/g, '-').toLowerCase(),
  snakecase: v => str(v).replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[\s-]+/g, '_').toLowerCase(),
};

function escapeClass(s: string) {
  return s.replace(/[\\\]^-]/g, '\\$&');
}

/** The function map, each function receiving missing values as nil. */
export const goTemplateFunctions: Record<string, GoFunction> = Object.fromEntries(
  Object.entries(raw).map(([name, fn]) => [name, (...args: unknown[]) => fn(...args.map(toNil))]),
);
