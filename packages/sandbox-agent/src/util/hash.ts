import { createHash } from 'node:crypto';

/** A deterministic 40-hex SHA-1 of the given parts (a git-like revision). */
export function sha1Hex(...parts: Array<string | number>): string {
  return createHash('sha1').update(parts.join('\u0000')).digest('hex');
}

/** A deterministic RFC 4122 (version 4 layout) UUID derived from the parts. */
export function uuidFrom(...parts: Array<string | number>): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(
    17,
    20,
  )}-${h.slice(20, 32)}`;
}

/** A 32-bit integer hash (FNV-1a) of a string: cheap, for spreading choices. */
export function hashInt(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) derived from the text: deterministic "randomness". */
export function hashFraction(text: string): number {
  return hashInt(text) / 0x100000000;
}

/** A seeded pseudo random generator (mulberry32) returning numbers in [0, 1). */
export function createRng(seed: string | number): () => number {
  let state = typeof seed === 'number' ? seed >>> 0 : hashInt(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x100000000;
  };
}

/**
 * Bytes derived from the parts, as many as asked for: one SHA-256 seeds a
 * fast generator (these bytes only need to look random, not be secret).
 */
export function derivedBytes(length: number, ...parts: string[]): Buffer {
  const seed = createHash('sha256').update(parts.join('\u0000')).digest();
  const out = Buffer.allocUnsafe(length);
  seed.copy(out, 0, 0, Math.min(32, length));
  const next = createRng(seed.readUInt32LE(0) ^ seed.readUInt32LE(4));
  for (let i = 32; i < length; i += 4) {
    const word = Math.floor(next() * 0x100000000);
    for (let b = 0; b < 4 && i + b < length; b++) out[i + b] = (word >>> (b * 8)) & 0xff;
  }
  return out;
}
