import { AgentHttpClient } from './AgentHttpClient';

/**
 * Reads a newline-delimited JSON answer (a watch stream) line by line until
 * `signal` aborts, which resolves. A malformed line, a broken connection or
 * the agent closing the stream rejects with the agent's
 * `GitOpsAgentError` (`malformed_response` or `unreachable`), so the
 * watcher resyncs.
 */
export async function readJsonLines(
  client: AgentHttpClient,
  response: Response,
  signal: AbortSignal,
  onLine: (value: unknown) => void,
): Promise<void> {
  const body = response.body;
  if (!body)
    throw client.error('malformed_response', 'sent a stream without a body');
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => {
    reader.cancel().catch(() => {});
  };
  signal.addEventListener('abort', cancel, { once: true });
  let buffered = '';
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) return;
        throw client.error(
          'unreachable',
          `broke off its watch stream (${(error as Error)?.message ?? error})`,
        );
      }
      if (chunk.done) {
        if (signal.aborted) return;
        throw client.error('unreachable', 'closed its watch stream');
      }
      buffered += decoder.decode(chunk.value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
        if (!line) continue;
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          throw client.error(
            'malformed_response',
            'sent a malformed watch event',
          );
        }
        onLine(value);
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
    cancel();
  }
}
