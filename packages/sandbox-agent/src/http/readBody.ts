import type { IncomingMessage } from 'node:http';
import { ApiError, GrpcCode } from './ApiError';

const LIMIT = 10 * 1024 * 1024;

/** Reads a request body as text (at most 10 MiB). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMIT) {
        reject(new ApiError(GrpcCode.ResourceExhausted, 'request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Parses a JSON body ({} when empty); a bad body is an InvalidArgument error. */
export function parseJsonBody(text: string): any {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      `invalid character in request body: ${(error as Error).message}`,
    );
  }
}
