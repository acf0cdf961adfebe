import { scrubbedJson } from './scrubbedJson';
import { scrubSecrets } from './scrubSecrets';

/**
 * Every provider's secrets kept out of what leaves the plugin: an HTTP
 * answer, an action's output, a log stream.
 */
export class SecretScrubber {
  /** `knownSecrets` may grow (agents found later); it is read at each call. */
  constructor(private readonly knownSecrets: string[]) {}

  /** A copy of `body` with every secret scrubbed out. */
  scrub<T>(body: T): T {
    return scrubSecrets(body, this.knownSecrets);
  }

  /** The JSON of `body` with every secret scrubbed, as UTF-8 (see `scrubbedJson`). */
  json(body: unknown): Buffer {
    return scrubbedJson(body, this.knownSecrets);
  }
}
