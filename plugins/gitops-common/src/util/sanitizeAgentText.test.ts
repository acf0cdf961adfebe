import { sanitizeAgentText } from './sanitizeAgentText';

describe('sanitizeAgentText', () => {
  it('removes bidi overrides, isolates and marks', () => {
    expect(sanitizeAgentText('pay\u202Eal.com')).toBe('payal.com');
    expect(
      sanitizeAgentText(
        '\u202A\u202B\u202C\u202D\u2066a\u2067b\u2068c\u2069\u200Ed\u200F\u061C',
      ),
    ).toBe('abcd');
  });

  it('removes C0 and C1 controls and DEL', () => {
    expect(sanitizeAgentText('a\u0000b\u001Bc\u007F\u0085d\u009B')).toBe(
      'abcd',
    );
  });

  it('removes terminal escape sequences whole', () => {
    expect(
      sanitizeAgentText(
        '\u001B[1;31mERROR\u001B[0m \u001B]8;;https://evil.example\u0007link\u001B]8;;\u0007 \u009B2Jdone',
        { multiline: true },
      ),
    ).toBe('ERROR link done');
  });

  it('turns tabs and line breaks of single-line text into spaces', () => {
    expect(sanitizeAgentText('one\ttwo\r\nthree\nfour\u2028five')).toBe(
      'one two three four five',
    );
  });

  it('keeps the tabs and line breaks of multi-line text, as \\n', () => {
    expect(
      sanitizeAgentText('one\ttwo\r\nthree\rfour\u2029\u202Efive\u001B', {
        multiline: true,
      }),
    ).toBe('one\ttwo\nthree\nfour\nfive');
  });

  it('returns clean text as it is, other scripts and emoji included', () => {
    const text = 'Déploiement réussi ✓ — 部署成功 👩‍💻 مرحبا';
    expect(sanitizeAgentText(text)).toBe(text);
    expect(sanitizeAgentText(text, { multiline: true })).toBe(text);
  });
});
