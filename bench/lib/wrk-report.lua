-- wrk's done() hook for bench/lib/wrk.js: prints one line, "wrk-report "
-- followed by JSON of wrk's own counters. Times are in microseconds as
-- wrk keeps them (its latency histogram has 1 us buckets, so p50/p99 are
-- exact); status counts responses with a status >= 400.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'wrk-report {"requests":%d,"durationUs":%d,"latencyUs":{"p50":%d,"p99":%d,"max":%d},' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
