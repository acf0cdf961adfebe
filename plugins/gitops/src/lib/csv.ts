/**
 * One CSV field as RFC 4180 writes it: in double quotes, with each double
 * quote doubled, when it holds a comma, a double quote, CR or LF; else as is.
 */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
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
