/*
 * Summaries of measured samples: median (p50), p99 and spread (min, max).
 * Numbers are reported, never asserted.
 */

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

/** { n, p50, p99, min, max, mean } of a list of numbers (milliseconds). */
function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    mean: sorted.length ? sum / sorted.length : NaN,
  };
}

function round(value, digits = 2) {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** "p50 12.3 ms (p99 15.1, min 10.0, max 17.2, n 50)" */
function formatSummary(s, unit = 'ms') {
  return `p50 ${round(s.p50)} ${unit} (p99 ${round(s.p99)}, min ${round(
    s.min,
  )}, max ${round(s.max)}, n ${s.n})`;
}

/** Milliseconds elapsed since a process.hrtime.bigint() mark. */
function since(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

module.exports = { percentile, summarize, round, formatSummary, since };
