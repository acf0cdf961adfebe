import { GoTemplateError, renderGoTemplate } from '.';

/*
 * Expected outputs are those Go's text/template (with sprig) documents for
 * the same template and data.
 */
describe('renderGoTemplate', () => {
  const data = {
    name: 'Prod_East',
    path: { basename: 'guestbook', segments: ['apps', 'guestbook'] },
    metadata: { labels: { env: 'prod' } },
    replicas: 3,
    big: 1000000,
    list: ['a', 'b'],
    nested: { a: { b: 'c' } },
  };
  const render = (t: string, options?: string[]) => renderGoTemplate(t, data, options);

  it('prints fields, missing keys and numbers as fmt does', () => {
    expect(render('{{.path.basename}}-{{ .replicas }}')).toBe('guestbook-3');
    expect(render('{{.missing}}')).toBe('<no value>');
    expect(render('{{.big}}')).toBe('1e+06');
    expect(render('{{.list}} {{.nested}}')).toBe('[a b] map[a:map[b:c]]');
  });

  it('fails on a missing key with missingkey=error and on a field of nil', () => {
    expect(() => render('{{.missing}}', ['missingkey=error'])).toThrow(/map has no entry for key "missing"/);
    expect(() => renderGoTemplate('{{.set.sub}}', { set: null })).toThrow(/nil pointer evaluating interface \{\}\.sub/);
  });

  it('gives no value for a field of a missing key (Go: invalid receiver), an error only with missingkey=error', () => {
    expect(render('{{.missing.sub}}')).toBe('<no value>');
    expect(() => render('{{.missing.sub}}', ['missingkey=error'])).toThrow(/map has no entry for key "missing"/);
    expect(() => render('{{ index .missing.labels "env" }}')).toThrow(/error calling index: index of untyped nil/);
  });

  it('keeps the first N runes with printf %.Ns and reports a nil operand as %!s(<nil>)', () => {
    expect(render('{{ printf "%.4s" .name }}')).toBe('Prod');
    expect(render('{{ printf "%.25s" .missing }}')).toBe('%!s(<nil>)');
    expect(render('{{ printf "[%5s|%-5s|%05d|%3d|%06.2f]" "ab" "ab" -42 7 3.14159 }}')).toBe('[   ab|ab   |-0042|  7|003.14]');
  });

  it('runs if / else if / with / range with trim markers and variables', () => {
    expect(render('{{- if eq .metadata.labels.env "dev" }}d{{ else if eq .metadata.labels.env "prod" }}p{{ else }}x{{ end -}}')).toBe('p');
    expect(render('{{ with .nested.a }}{{ .b }}{{ end }}')).toBe('c');
    expect(render('{{ range $i, $v := .list }}{{ $i }}={{ $v }};{{ end }}')).toBe('0=a;1=b;');
    expect(render('{{ range .path.segments }}{{ if eq . $.path.basename }}{{ . }}{{ end }}{{ end }}')).toBe('guestbook');
    expect(render('a\n  {{- "b" }}\n  {{ "c" -}}\n d')).toBe('ab\n  cd');
    expect(render('{{ $x := "one" }}{{ $x = "two" }}{{ $x }}')).toBe('two');
    expect(render('{{/* a comment */}}ok')).toBe('ok');
  });

  it('treats eq on a missing key as false, as Go does for a nil operand', () => {
    expect(render('{{ if eq .childClusters true }}y{{ else }}n{{ end }}')).toBe('n');
  });

  it('evaluates and/or lazily and returns the deciding operand', () => {
    expect(render('{{ or .missing "fallback" }}')).toBe('fallback');
    expect(render('{{ and .name .replicas }}')).toBe('3');
    // Every operand falsy: `or` returns the last, a nil argument prints as <no value>.
    expect(render('{{ or .metadata.labels.group nil }}/{{ or .metadata.labels.id .name }}')).toBe('<no value>/Prod_East');
    expect(render('{{ or .missing.labels.group nil }}', ['missingkey=invalid'])).toBe('<no value>');
  });

  it('has the sprig functions real ApplicationSets use', () => {
    expect(render('{{ .name | lower | replace "_" "-" | trunc 6 }}')).toBe('prod-e');
    expect(render('{{ default "x" .missing }}/{{ .missing | default "y" }}')).toBe('x/y');
    expect(render('{{ hasKey .metadata.labels "env" }} {{ hasKey .metadata.labels "zone" }}')).toBe('true false');
    expect(render('{{ index .metadata.labels "env" }}|{{ index .path.segments 1 }}')).toBe('prod|guestbook');
    expect(render('x:{{ .nested | toYaml | nindent 2 }}')).toBe('x:\n  a:\n    b: c');
    expect(render('{{ .name | normalize }}')).toBe('prod-east');
    expect(render('{{ printf "%s-%d" .name .replicas }}')).toBe('Prod_East-3');
    expect(render('{{ list 1 2 | len }} {{ dict "a" 1 | toJson }}')).toBe('2 {"a":1}');
    expect(render('{{ splitList "/" "a/b" | last }} {{ regexReplaceAll "[0-9]+" "a12b" "N" }}')).toBe('b aNb');
    expect(render('{{ ternary "on" "off" (eq .replicas 3.0) }}')).toBe('on');
  });

  it('reports unknown functions and malformed templates', () => {
    expect(() => render('{{ nope .name }}')).toThrow(GoTemplateError);
    expect(() => render('{{ if .name }}open')).toThrow(/unexpected EOF/);
    expect(() => render('{{ .name ')).toThrow(/unclosed action/);
  });
});
