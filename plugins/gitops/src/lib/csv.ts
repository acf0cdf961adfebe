/**
 * One CSV field as RFC 4180 writes it: in double quotes, with each double
 * quote doubled, when it holds a comma, a double quote, CR or LF; else as is.
 * A field a spreadsheet would run as a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or CR: an actor name from an agent's history can) is prefixed
 * with `'`, as OWASP advises against CSV injection, and read as text.
 */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document as RFC 4180 describes it: a header row, then one record
 * per row, each line ended by CRLF.
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  return [header, ...rows]
    .map(record => `${record.map(csvField).join(',')}\r\n`)
    .join('');
}

/** Offers `text` to the browser as a download named `filename`. */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(
    new Blob([text], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
