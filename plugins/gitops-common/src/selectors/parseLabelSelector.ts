import { InputError } from '@backstage/errors';
import { labelKeyProblem, labelValueProblem } from './labelSyntax';
import type {
  LabelSelector,
  LabelSelectorOperator,
  LabelSelectorRequirement,
} from './types';

type TokenKind =
  | 'identifier'
  | 'not'
  | 'equals'
  | 'notEquals'
  | 'comma'
  | 'open'
  | 'close'
  | 'end';

interface Token {
  kind: TokenKind;
  text: string;
  /** 0-based offset into the selector. */
  offset: number;
}

const SPECIAL = new Set(['!', '=', ',', '(', ')']);
const WHITESPACE = /\s/;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (WHITESPACE.test(c)) {
      i++;
      continue;
    }
    const offset = i;
    if (c === '!' && input[i + 1] === '=') {
      tokens.push({ kind: 'notEquals', text: '!=', offset });
      i += 2;
    } else if (c === '!') {
      tokens.push({ kind: 'not', text: '!', offset });
      i++;
    } else if (c === '=') {
      const text = input[i + 1] === '=' ? '==' : '=';
      tokens.push({ kind: 'equals', text, offset });
      i += text.length;
    } else if (c === ',') {
      tokens.push({ kind: 'comma', text: ',', offset });
      i++;
    } else if (c === '(') {
      tokens.push({ kind: 'open', text: '(', offset });
      i++;
    } else if (c === ')') {
      tokens.push({ kind: 'close', text: ')', offset });
      i++;
    } else {
      let j = i;
      while (
        j < input.length &&
        !SPECIAL.has(input[j]) &&
        !WHITESPACE.test(input[j])
      ) {
        j++;
      }
      tokens.push({ kind: 'identifier', text: input.slice(i, j), offset });
      i = j;
    }
  }
  tokens.push({ kind: 'end', text: '', offset: input.length });
  return tokens;
}

class Parser {
  private index = 0;

  constructor(
    private readonly input: string,
    private readonly tokens: Token[],
  ) {}

  parse(): LabelSelector {
    const requirements: LabelSelectorRequirement[] = [];
    if (this.peek().kind === 'end') {
      return { requirements };
    }
    for (;;) {
      requirements.push(this.parseRequirement());
      const next = this.next();
      if (next.kind === 'end') {
        return { requirements };
      }
      if (next.kind !== 'comma') {
        throw this.unexpected(next, '"," or end of selector');
      }
    }
  }

  private parseRequirement(): LabelSelectorRequirement {
    if (this.peek().kind === 'not') {
      this.next();
      const key = this.parseKey();
      return { key, operator: 'doesNotExist', values: [] };
    }
    const key = this.parseKey();
    const op = this.peek();
    if (op.kind === 'comma' || op.kind === 'end') {
      return { key, operator: 'exists', values: [] };
    }
    this.next();
    if (op.kind === 'equals' || op.kind === 'notEquals') {
      const operator: LabelSelectorOperator =
        op.kind === 'equals' ? 'equals' : 'notEquals';
      return { key, operator, values: [this.parseExactValue()] };
    }
    if (op.kind === 'identifier' && (op.text === 'in' || op.text === 'notin')) {
      const operator: LabelSelectorOperator = op.text === 'in' ? 'in' : 'notIn';
      return { key, operator, values: this.parseValueSet() };
    }
    throw this.unexpected(
      op,
      '"=", "==", "!=", "in", "notin", "," or end of selector',
    );
  }

  private parseKey(): string {
    const token = this.next();
    if (token.kind !== 'identifier') {
      throw this.unexpected(token, 'a label key');
    }
    const problem = labelKeyProblem(token.text);
    if (problem) {
      throw this.invalid(token, `invalid label key "${token.text}"`, problem);
    }
    return token.text;
  }

  /** A value after `=`, `==` or `!=`; empty when none follows. */
  private parseExactValue(): string {
    const token = this.peek();
    if (token.kind === 'comma' || token.kind === 'end') {
      return '';
    }
    return this.parseValue();
  }

  private parseValue(): string {
    const token = this.next();
    if (token.kind !== 'identifier') {
      throw this.unexpected(token, 'a label value');
    }
    const problem = labelValueProblem(token.text);
    if (problem) {
      throw this.invalid(token, `invalid label value "${token.text}"`, problem);
    }
    return token.text;
  }

  /** `(a,b)`; `()` and empty slots stand for the empty value. */
  private parseValueSet(): string[] {
    const open = this.next();
    if (open.kind !== 'open') {
      throw this.unexpected(open, '"("');
    }
    const values: string[] = [];
    for (;;) {
      const token = this.peek();
      const value =
        token.kind === 'comma' || token.kind === 'close'
          ? ''
          : this.parseValue();
      if (!values.includes(value)) {
        values.push(value);
      }
      const separator = this.next();
      if (separator.kind === 'close') {
        return values;
      }
      if (separator.kind !== 'comma') {
        throw this.unexpected(separator, '"," or ")"');
      }
    }
  }

  private peek(): Token {
    return this.tokens[this.index];
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.kind !== 'end') {
      this.index++;
    }
    return token;
  }

  private unexpected(token: Token, expected: string): InputError {
    const found = token.kind === 'end' ? 'end of selector' : `"${token.text}"`;
    return new InputError(
      `Invalid label selector "${
        this.input
      }": expected ${expected} but found ${found} at position ${
        token.offset + 1
      }`,
    );
  }

  private invalid(token: Token, what: string, problem: string): InputError {
    return new InputError(
      `Invalid label selector "${this.input}": ${what} at position ${
        token.offset + 1
      }: ${problem}`,
    );
  }
}

/**
 * Parses a Kubernetes label selector: `key=value`, `key==value`,
 * `key!=value`, `key in (a,b)`, `key notin (a,b)`, `key`, `!key`, joined by
 * commas (AND), whitespace anywhere between tokens. Keys and values are
 * checked against Kubernetes' label syntax. An empty selector selects
 * everything.
 *
 * @throws InputError naming the offending token and its position (counting
 * characters from 1).
 * @public
 */
export function parseLabelSelector(selector: string): LabelSelector {
  return new Parser(selector, tokenize(selector)).parse();
}
