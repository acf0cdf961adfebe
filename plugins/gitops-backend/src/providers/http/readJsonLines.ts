import { AgentHttpClient } from './AgentHttpClient';

/** What kind of newline-delimited JSON answer is read, and how it ends. */
export interface JsonLinesStream {
  /** The stream in error messages (`watch stream`). */
  name: string;
  /** One line in error messages (`watch event`). */
  line: string;
  /**
   * Whether the agent may end the stream (or send none): a log stream ends
   * when it sent what was asked; a watch stream runs until aborted.
   */
  mayEnd: boolean;
}

/** A watch stream: it runs until aborted; its end is a failure. */
const WATCH_STREAM: JsonLinesStream = {
  name: 'watch stream',
  line: 'watch event',
  mayEnd: false,
};

/**
 * Reads a newline-delimited JSON answer line by line until `signal` aborts,
 * `onLine` says the line was the last (returns true) or, where the stream
 * may end, the agent ends it; each of these resolves. A malformed line, a
 * broken connection or (where it may not end) the agent closing the stream
 * rejects with the agent's `GitOpsAgentError` (`malformed_response` or
 * `unreachable`), so a watcher resyncs.
 */
export async function readJsonLines(
  client: AgentHttpClient,
  response: Response,
  signal: AbortSignal,
  onLine: (value: unknown) => boolean | void,
  stream: JsonLinesStream = WATCH_STREAM,
): Promise<void> {
  const body = response.body;
  if (!body) {
    if (stream.mayEnd) return;
    throw client.error('malformed_response', 'sent a stream without a body');
  }
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
          `broke off its ${stream.name} (${
            (error as Error)?.message ?? error
          })`,
        );
      }
      if (chunk.done) {
        if (signal.aborted || stream.mayEnd) return;
        throw client.error('unreachable', `closed its ${stream.name}`);
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
            `sent a malformed ${stream.line}`,
          );
        }
        if (onLine(value)) return;
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
    cancel();
  }
}
