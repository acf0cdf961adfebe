import net from 'node:net';

/** What a raw HTTP exchange answered (status 0: the server closed without one). */
export interface RawAnswer {
  status: number;
  head: string;
}

/**
 * Sends one HTTP/1.1 request byte for byte (no client normalizes `..`,
 * backslashes or encodings, and header lines go out as written) and reads
 * the status line of the answer.
 */
export function rawRequest(
  port: number,
  requestLine: string,
  headerLines: string[],
  body = '',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${requestLine}`));
    }, 15_000);
    socket.setEncoding('latin1');
    socket.on('data', chunk => {
      data += chunk;
    });
    const done = () => {
      clearTimeout(timer);
      const head = data.split('\r\n\r\n')[0];
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      resolve({ status: match ? Number(match[1]) : 0, head });
    };
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', () => done());
    const lines = [
      requestLine,
      `Host: 127.0.0.1:${port}`,
      ...headerLines,
      'Connection: close',
      ...(body
        ? [
            `Content-Length: ${Buffer.byteLength(body)}`,
            'Content-Type: application/json',
          ]
        : []),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`, 'latin1');
  });
}
