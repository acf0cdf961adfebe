/*
 * A parser for Go's text/template language (the part ApplicationSet
 * templates use): text and actions with `{{-`/`-}}` trimming, comments,
 * pipelines with `|`, variables (`$x := ...`, `$x = ...`, `$`), fields,
 * literals, parenthesised pipelines, and the if / else if / range / with /
 * end control structures. Follows https://pkg.go.dev/text/template.
 */

export class GoTemplateError extends Error {}

export type Operand =
  | { kind: 'field'; base?: Operand; path: string[] }
  | { kind: 'var'; name: string; path: string[] }
  | { kind: 'ident'; name: string }
  | { kind: 'literal'; value: unknown }
  | { kind: 'pipe'; pipe: Pipeline; path: string[] };

export interface Command {
  args: Operand[];
}

export interface Pipeline {
  decl: string[];
  assign: boolean;
  commands: Command[];
  source: string;
}

export type Node =
  | { kind: 'text'; text: string }
  | { kind: 'action'; pipe: Pipeline }
  | { kind: 'if' | 'with'; pipe: Pipeline; list: Node[]; elseList?: Node[] }
  | { kind: 'range'; pipe: Pipeline; list: Node[]; elseList?: Node[] }
  | { kind: 'break' | 'continue' };

type Token = { t: string; v: string };

function lexAction(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== '"') j += src[j] === '\\' ? 2 : 1;
      if (j >= src.length) throw new GoTemplateError(`unterminated quoted string in "${src}"`);
      out.push({ t: 'str', v: JSON.parse(src.slice(i, j + 1)) });
      i = j + 1;
      continue;
    }
    if (ch === '`') {
      const j = src.indexOf('`', i + 1);
      if (j < 0) throw new GoTemplateError(`unterminated raw quoted string in "${src}"`);
      out.push({ t: 'str', v: src.slice(i + 1, j) });
      i = j + 1;
      continue;
    }
    if (ch === "'") {
      const j = src.indexOf("'", i + 1);
      out.push({ t: 'num', v: String(src.codePointAt(i + 1)) });
      i = j + 1;
      continue;
    }
    if (src.startsWith(':=', i)) {
      out.push({ t: ':=', v: ':=' });
      i += 2;
      continue;
    }
    if ('|()=,'.includes(ch)) {
      out.push({ t: ch, v: ch });
      i++;
      continue;
    }
    const m = /^(-?\d[\d_.eExXa-fA-F+]*|[$.]?[A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*|\.)/.exec(src.slice(i));
    const word = m?.[0] ?? '';
    if (!word) throw new GoTemplateError(`unexpected "${ch}" in "${src}"`);
    out.push({ t: /^-?\d/.test(word) ? 'num' : 'word', v: word });
    i += word.length;
    // A field chain right after `)`: `(pipeline).Field`
  }
  return out;
}

class ActionParser {
  private pos = 0;
  constructor(private readonly tokens: Token[], private readonly source: string) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  done() {
    return this.pos >= this.tokens.length;
  }

  pipeline(): Pipeline {
    const decl: string[] = [];
    let assign = false;
    const save = this.pos;
    while (this.peek()?.t === 'word' && this.peek()!.v.startsWith('$') && !this.peek()!.v.includes('.')) {
      decl.push(this.tokens[this.pos++].v);
      const next = this.peek();
      if (next?.t === ',') {
        this.pos++;
        continue;
      }
      if (next?.t === ':=' || next?.t === '=') {
        assign = next.t === '=';
        this.pos++;
        break;
      }
      decl.length = 0;
      this.pos = save;
      break;
    }
    const commands: Command[] = [];
    for (;;) {
      const args: Operand[] = [];
      while (!this.done() && this.peek()!.t !== '|' && this.peek()!.t !== ')') args.push(this.operand());
      if (!args.length) throw new GoTemplateError(`missing value for command in "${this.source}"`);
      commands.push({ args });
      if (this.peek()?.t === '|') {
        this.pos++;
        continue;
      }
      break;
    }
    return { decl, assign, commands, source: this.source };
  }

  private operand(): Operand {
    const tok = this.tokens[this.pos++];
    if (tok.t === 'str') return { kind: 'literal', value: tok.v };
    if (tok.t === 'num') return { kind: 'literal', value: Number(tok.v.replace(/_/g, '')) };
    if (tok.t === '(') {
      const pipe = this.pipeline();
      if (this.tokens[this.pos++]?.t !== ')') throw new GoTemplateError(`unclosed left paren in "${this.source}"`);
      let path: string[] = [];
      const next = this.peek();
      if (next?.t === 'word' && next.v.startsWith('.') && next.v !== '.') {
        path = next.v.slice(1).split('.');
        this.pos++;
      }
      return { kind: 'pipe', pipe, path };
    }
    if (tok.t !== 'word') throw new GoTemplateError(`unexpected "${tok.v}" in "${this.source}"`);
    const w = tok.v;
    if (w === '.') return { kind: 'field', path: [] };
    if (w.startsWith('.')) return { kind: 'field', path: w.slice(1).split('.') };
    if (w.startsWith('$')) {
      const [name, ...path] = w.split('.');
      return { kind: 'var', name, path };
    }
    if (w === 'true' || w === 'false') return { kind: 'literal', value: w === 'true' };
    if (w === 'nil') return { kind: 'literal', value: null };
    return { kind: 'ident', name: w };
  }
}

function parsePipeline(src: string): Pipeline {
  const parser = new ActionParser(lexAction(src), src);
  const pipe = parser.pipeline();
  if (!parser.done()) throw new GoTemplateError(`unexpected tokens in "${src}"`);
  return pipe;
}

interface RawAction {
  body: string;
}

/** Splits a template into text and action pieces, applying trim markers. */
function split(text: string): (string | RawAction)[] {
  const pieces: (string | RawAction)[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{{', i);
    if (open < 0) {
      pieces.push(text.slice(i));
      break;
    }
    let before = text.slice(i, open);
    let start = open + 2;
    if (text.startsWith('- ', start) || text.startsWith('-\n', start) || text.startsWith('-\t', start)) {
      before = before.replace(/\s+$/, '');
      start += 1;
    }
    pieces.push(before);
    let close = -1;
    let j = start;
    while (j < text.length) {
      if (text[j] === '"' || text[j] === '`') {
        const quote = text[j];
        j++;
        while (j < text.length && text[j] !== quote) j += quote === '"' && text[j] === '\\' ? 2 : 1;
        j++;
        continue;
      }
      if (text.startsWith('}}', j)) {
        close = j;
        break;
      }
      j++;
    }
    if (close < 0) throw new GoTemplateError('unclosed action');
    let body = text.slice(start, close);
    let next = close + 2;
    if (/\s-$/.test(body)) {
      body = body.slice(0, -1);
      const rest = /^\s*/.exec(text.slice(next))![0];
      next += rest.length;
    }
    pieces.push({ body: body.trim() });
    i = next;
  }
  return pieces;
}

/** Parses a template into a node list. */
export function parseGoTemplate(text: string): Node[] {
  const pieces = split(text);
  let index = 0;
  // eslint-disable-next-line prefer-const
  let parseControl: (word: 'if' | 'with' | 'range', rest: string) => Node;

  const parseList = (stopAt: string[]): { list: Node[]; stop: string } => {
    const list: Node[] = [];
    while (index < pieces.length) {
      const piece = pieces[index++];
      if (typeof piece === 'string') {
        if (piece) list.push({ kind: 'text', text: piece });
        continue;
      }
      const body = piece.body;
      if (body.startsWith('/*')) {
        if (!body.endsWith('*/')) throw new GoTemplateError('unclosed comment');
        continue;
      }
      const keyword = /^(\w+)\b\s*(.*)$/s.exec(body);
      const word = keyword?.[1] ?? '';
      const rest = keyword?.[2] ?? '';
      if (word === 'end' || word === 'else') {
        if (!stopAt.includes(word)) throw new GoTemplateError(`unexpected {{${word}}}`);
        return { list, stop: body };
      }
      if (word === 'if' || word === 'with' || word === 'range') {
        list.push(parseControl(word, rest));
        continue;
      }
      if (word === 'break' || word === 'continue') {
        list.push({ kind: word });
        continue;
      }
      if (word === 'define' || word === 'template' || word === 'block') {
        throw new GoTemplateError(`{{${word}}} is not supported`);
      }
      list.push({ kind: 'action', pipe: parsePipeline(body) });
    }
    if (stopAt.length) throw new GoTemplateError('unexpected EOF');
    return { list, stop: '' };
  };

  parseControl = (word: 'if' | 'with' | 'range', rest: string): Node => {
    const pipe = parsePipeline(rest);
    const body = parseList(['end', 'else']);
    let elseList: Node[] | undefined;
    if (body.stop.startsWith('else')) {
      const chained = /^else\s+(if|with)\s+(.*)$/s.exec(body.stop);
      if (chained) {
        elseList = [parseControl(chained[1] as 'if' | 'with', chained[2])];
      } else {
        elseList = parseList(['end']).list;
      }
    }
    return { kind: word, pipe, list: body.list, elseList };
  };

  return parseList([]).list;
}
