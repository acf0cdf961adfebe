import { JsonObject } from '../util/json';
import { MINUTE } from '../util/time';

/*
 * Sync windows: which project windows apply to an application and whether
 * they are active now. Schedules are 5-field cron expressions evaluated in
 * UTC (timeZone is reported but not applied).
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

type Field = Set<number>;

function parseField(text: string, min: number, max: number, names?: string[]): Field {
  const out = new Set<number>();
  const toNumber = (v: string) => {
    const idx = names?.indexOf(v.toLowerCase()) ?? -1;
    if (idx >= 0) return idx + (names === MONTHS ? 1 : 0);
    const n = Number(v);
    if (!Number.isInteger(n)) throw new Error(`invalid cron value "${v}"`);
    return n;
  };
  for (const part of text.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    let lo = min;
    let hi = max;
    if (range !== '*' && range !== '?') {
      const [a, b] = range.split('-');
      lo = toNumber(a);
      if (b !== undefined) hi = toNumber(b);
      else if (stepText) hi = max;
      else hi = lo;
    }
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A parsed cron schedule. */
export function parseCron(schedule: string): (t: Date) => boolean {
  const fields = (DESCRIPTORS[schedule.trim()] ?? schedule).trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`cron schedule needs 5 fields: "${schedule}"`);
  const minute = parseField(fields[0], 0, 59);
  const hour = parseField(fields[1], 0, 23);
  const dom = parseField(fields[2], 1, 31);
  const month = parseField(fields[3], 1, 12, MONTHS);
  const dow = parseField(fields[4], 0, 7, DAYS);
  if (dow.has(7)) dow.add(0);
  const domAny = fields[2] === '*' || fields[2] === '?';
  const dowAny = fields[4] === '*' || fields[4] === '?';
  return t => {
    if (!minute.has(t.getUTCMinutes()) || !hour.has(t.getUTCHours())) return false;
    if (!month.has(t.getUTCMonth() + 1)) return false;
    const domOk = dom.has(t.getUTCDate());
    const dowOk = dow.has(t.getUTCDay());
    if (domAny && dowAny) return true;
    if (domAny) return dowOk;
    if (dowAny) return domOk;
    return domOk || dowOk;
  };
}

export function parseDuration(text: string): number {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?$/.exec(text.trim());
  if (!m) return 0;
  return (Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * MINUTE;
}

/** Is the window open at `now`? */
export function isWindowActive(window: JsonObject, now: number): boolean {
  let matches: (t: Date) => boolean;
  try {
    matches = parseCron(String(window.schedule ?? ''));
  } catch {
    return false;
  }
  const duration = parseDuration(String(window.duration ?? ''));
  const start = Math.floor(now / MINUTE) * MINUTE;
  for (let t = start; t > now - duration; t -= MINUTE) {
    if (matches(new Date(t))) return true;
  }
  return false;
}

function glob(pattern: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  const re = new RegExp(
    `^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`,
  );
  return re.test(value);
}

/** Does the project window apply to the application? */
export function windowMatches(window: JsonObject, app: JsonObject): boolean {
  const name = app.metadata?.name;
  const namespace = app.spec?.destination?.namespace;
  const clusters = [app.spec?.destination?.server, app.spec?.destination?.name];
  const checks: boolean[] = [];
  if (window.applications?.length) {
    checks.push((window.applications as string[]).some(p => glob(p, name)));
  }
  if (window.namespaces?.length) {
    checks.push((window.namespaces as string[]).some(p => glob(p, namespace)));
  }
  if (window.clusters?.length) {
    checks.push((window.clusters as string[]).some(p => clusters.some(c => glob(p, c))));
  }
  if (!checks.length) return false;
  return window.andOperator ? checks.every(Boolean) : checks.some(Boolean);
}

function summary(window: JsonObject): JsonObject {
  return {
    kind: window.kind,
    schedule: window.schedule,
    duration: window.duration,
    manualSync: Boolean(window.manualSync),
  };
}

/** The applicationApplicationSyncWindowsResponse of an app. */
export function applicationSyncWindows(project: JsonObject | undefined, app: JsonObject, now: number) {
  const windows: JsonObject[] = project?.spec?.syncWindows ?? [];
  const assigned = windows.filter(w => windowMatches(w, app));
  const active = assigned.filter(w => isWindowActive(w, now));
  return {
    assignedWindows: assigned.map(summary),
    activeWindows: active.map(summary),
    canSync: canSync(assigned, active, true),
  };
}

/** Argo CD's rule: an active deny blocks; allow windows block outside their time. */
export function canSync(assigned: JsonObject[], active: JsonObject[], manual: boolean): boolean {
  const denyActive = active.filter(w => w.kind === 'deny');
  if (denyActive.length) return manual && denyActive.every(w => w.manualSync);
  const allowAssigned = assigned.filter(w => w.kind === 'allow');
  const allowActive = active.filter(w => w.kind === 'allow');
  if (allowAssigned.length && !allowActive.length) {
    return manual && allowAssigned.some(w => w.manualSync);
  }
  return true;
}
