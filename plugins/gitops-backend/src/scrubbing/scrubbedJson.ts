import { isSealedFor, scrubSecrets } from './scrubSecrets';

/**
 * The JSON of sealed values as UTF-8, encoded once per value (they never
 * change; the entry goes with the value).
 */
const encoded = new WeakMap<object, Buffer>();

function sealedJson(value: object): Buffer {
  let bytes = encoded.get(value);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(value), 'utf8');
    encoded.set(value, bytes);
  }
  return bytes;
}

/** Collects an answer: text as it is written, sealed values as their bytes. */
class JsonWriter {
  private readonly parts: Buffer[] = [];
  private text = '';

  append(text: string): void {
    this.text += text;
  }

  appendBytes(bytes: Buffer): void {
    this.flush();
    this.parts.push(bytes);
  }

  toBuffer(): Buffer {
    this.flush();
    return this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
  }

  private flush(): void {
    if (this.text) this.parts.push(Buffer.from(this.text, 'utf8'));
    this.text = '';
  }
}

/** Writes `value` as JSON.stringify would; false when it writes nothing. */
function write(out: JsonWriter, value: unknown, secrets: string[]): boolean {
  if (value === null) {
    out.append('null');
    return true;
  }
  if (typeof value !== 'object' || (value as { toJSON?: unknown }).toJSON) {
    // strings, numbers, booleans and dates as JSON.stringify writes them;
    // undefined, functions and symbols are left out, as there
    const text = JSON.stringify(value);
    if (text === undefined) return false;
    out.append(text);
    return true;
  }
  if (isSealedFor(value, secrets)) {
    out.appendBytes(sealedJson(value));
    return true;
  }
  if (Array.isArray(value)) {
    out.append('[');
    value.forEach((item, index) => {
      if (index) out.append(',');
      if (!write(out, item, secrets)) out.append('null');
    });
    out.append(']');
    return true;
  }
  out.append('{');
  let first = true;
  for (const [key, child] of Object.entries(value)) {
    if (child === undefined || typeof child === 'function') continue;
    if (typeof child === 'symbol') continue;
    out.append(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    write(out, child, secrets);
  }
  out.append('}');
  return true;
}

/**
 * The JSON of `value` with every secret scrubbed out, as UTF-8: the same
 * bytes as `JSON.stringify(scrubSecrets(value, knownSecrets))`, but the
 * parts sealed as clean (the fleet state's applications) are copied from
 * their JSON, encoded once per value, so an answer costs the walk of its
 * envelope, not the serialization of every application it holds.
 */
export function scrubbedJson(value: unknown, knownSecrets: string[]): Buffer {
  const out = new JsonWriter();
  if (!write(out, scrubSecrets(value, knownSecrets), knownSecrets)) {
    out.append('null');
  }
  return out.toBuffer();
}
