const DAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The values of one cron field (`5`, `1-5`, `1,3`), or undefined for others. */
function values(field: string, min: number, max: number): number[] | undefined {
  const result: number[] = [];
  for (const part of field.split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!range) return undefined;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < min || to > max || from > to) return undefined;
    for (let v = from; v <= to; v++) result.push(v);
  }
  return result;
}

function list(words: string[]): string {
  return words.length > 1
    ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
    : words[0];
}

/** `1-5` reads "Monday to Friday"; lists read "Saturday and Sunday". */
function names(field: string, all: string[], offset: number, max: number) {
  const range = /^(\d+)-(\d+)$/.exec(field);
  if (range) {
    const from = all[(Number(range[1]) - offset) % all.length];
    const to = all[(Number(range[2]) - offset) % all.length];
    return from && to && Number(range[2]) <= max
      ? `${from} to ${to}`
      : undefined;
  }
  const picked = values(field, offset, max);
  return picked && list(picked.map(v => all[(v - offset) % all.length]));
}

const pad = (n: number) => String(n).padStart(2, '0');

function timeOfDay(minute: string, hour: string): string | undefined {
  const every = /^\*\/(\d+)$/.exec(minute);
  if (every && hour === '*') return `every ${every[1]} minutes`;
  const minutes = values(minute, 0, 59);
  if (!minutes) return undefined;
  if (hour === '*') {
    return `at minute ${list(minutes.map(String))} of every hour`;
  }
  const hours = values(hour, 0, 23);
  if (!hours) return undefined;
  return `at ${list(
    hours.flatMap(h => minutes.map(m => `${pad(h)}:${pad(m)}`)),
  )}`;
}

/**
 * A five-field cron schedule in words: `0 22 * * 5` reads "at 22:00 on
 * Friday". Undefined for what it does not read (steps other than minutes,
 * names, `L`, `#`): show the raw schedule then.
 */
export function describeCron(schedule: string): string | undefined {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields;
  const time = timeOfDay(minute, hour);
  if (!time) return undefined;
  const parts = [time];
  if (dayOfMonth !== '*') {
    const days = values(dayOfMonth, 1, 31);
    if (!days) return undefined;
    parts.push(`on day ${list(days.map(String))} of the month`);
  }
  if (dayOfWeek !== '*') {
    const days = names(dayOfWeek, DAYS, 0, 7);
    if (!days) return undefined;
    parts.push(`on ${days}`);
  } else if (dayOfMonth === '*') {
    parts.push('every day');
  }
  if (month !== '*') {
    const months = names(month, MONTHS, 1, 12);
    if (!months) return undefined;
    parts.push(`in ${months}`);
  }
  return parts.join(' ');
}
