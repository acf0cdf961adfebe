/**
 * Reads a newline-delimited JSON answer as it arrives, handing each value
 * to `onValue`, until the answer ends or `signal` aborts (which resolves).
 */
export async function readNdjson<T>(
  response: Response,
  onValue: (value: T) => void,
  signal: AbortSignal,
): Promise<void> {
  const reader = response.body?.getReader();
  if (!reader) return;
  const decoder = new TextDecoder();
  let buffered = '';
  const take = (line: string) => {
    if (line.trim()) onValue(JSON.parse(line) as T);
  };
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      buffered += decoder.decode(chunk.value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        take(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
      }
    }
    take(buffered);
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    reader.cancel().catch(() => {});
  }
}
