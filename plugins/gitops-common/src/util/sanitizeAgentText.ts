/*
 * Characters that make text show other than it is, or act on a terminal:
 * C0 controls (U+0000-U+001F) and DEL, C1 controls (U+0080-U+009F), the
 * bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
 * the bidi marks (U+200E, U+200F, U+061C), and the Unicode line and
 * paragraph separators (U+2028, U+2029).
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');
const LINE_BREAKS = /\r\n|[\r\u2028\u2029]/g;
/*
 * Terminal escape sequences, removed whole rather than leaving their
 * printable tail (`[31m`): CSI (colours, cursor moves; ESC [ or U+009B)
 * and OSC (titles, hyperlinks; ended by BEL or ESC \).
 */
const ESCAPE_SEQUENCES =
  // eslint-disable-next-line no-control-regex
  /(?:\u001B\[|\u009B)[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B\n]*(?:\u0007|\u001B\\)?/g;

/**
 * Text an agent supplied (messages, conditions, events, log lines, commit
 * messages), safe to show: bidi overrides, isolates and marks, terminal
 * escape sequences and C0/C1 control characters removed. Single-line text
 * (the default) keeps none of them: a tab or line break becomes a space. Multi-line text keeps its tabs
 * and line breaks, every line break as `\n`. Providers call it once, where
 * agent text enters the normalized model.
 * @public
 */
export function sanitizeAgentText(
  text: string,
  options?: { multiline?: boolean },
): string {
  if (!UNSAFE.test(text)) return text;
  const plain = text.replace(ESCAPE_SEQUENCES, '');
  if (options?.multiline) {
    return plain
      .replace(LINE_BREAKS, '\n')
      .replace(UNSAFE_ALL, c => (c === '\n' || c === '\t' ? c : ''));
  }
  return plain
    .replace(/\r\n|[\t\n\r\u2028\u2029]/g, ' ')
    .replace(UNSAFE_ALL, '');
}
