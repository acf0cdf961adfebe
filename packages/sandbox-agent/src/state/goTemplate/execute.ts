import { GoTemplateError, Node, Operand, Pipeline, parseGoTemplate } from './parse';
import { GoFunction, NO_VALUE, formatValue, isTrue } from './values';

/*
 * Executes a parsed Go template against JSON data, the way text/template
 * does: `.` is the current data, `$` the root, a missing map key is
 * "<no value>" (or an error with `missingkey=error`), a field of nil is an
 * error, and control structures use Go's truthiness.
 */

export interface ExecuteOptions {
  functions: Record<string, GoFunction>;
  missingKeyError: boolean;
}

class BreakSignal {}
class ContinueSignal {}

type Scope = { name: string; value: unknown }[];

function lookupVar(scope: Scope, name: string): unknown {
  for (let i = scope.length - 1; i >= 0; i--) if (scope[i].name === name) return scope[i].value;
  throw new GoTemplateError(`undefined variable "${name}"`);
}

function setVar(scope: Scope, name: string, value: unknown) {
  for (let i = scope.length - 1; i >= 0; i--) {
    if (scope[i].name === name) {
      scope[i].value = value;
      return;
    }
  }
  throw new GoTemplateError(`undefined variable "${name}"`);
}

class Executor {
  constructor(private readonly options: ExecuteOptions) {}

  field(value: unknown, path: string[], source: string): unknown {
    let current = value;
    for (let i = 0; i < path.length; i++) {
      const key = path[i];
      if (current === NO_VALUE) {
        // A field of a missing key: Go's invalid receiver yields no value
        // (an error only with missingkey=error).
        if (this.options.missingKeyError) {
          throw new GoTemplateError(`executing "${source}" at <.${path.slice(0, i + 1).join('.')}>: nil data; no entry for key "${key}"`);
        }
        return NO_VALUE;
      }
      if (current === undefined || current === null) {
        throw new GoTemplateError(`at <.${path.slice(0, i + 1).join('.')}>: nil pointer evaluating interface {}.${key}`);
      }
      if (typeof current !== 'object' || Array.isArray(current)) {
        throw new GoTemplateError(`at <.${path.slice(0, i + 1).join('.')}>: can't evaluate field ${key} in type ${typeof current}`);
      }
      if (Object.prototype.hasOwnProperty.call(current, key)) {
        current = (current as Record<string, unknown>)[key];
      } else if (this.options.missingKeyError) {
        throw new GoTemplateError(`executing "${source}" at <.${path.slice(0, i + 1).join('.')}>: map has no entry for key "${key}"`);
      } else {
        current = NO_VALUE;
      }
    }
    return current;
  }

  operand(op: Operand, dot: unknown, scope: Scope, final: unknown[] | undefined): unknown {
    switch (op.kind) {
      case 'literal':
        return op.value;
      case 'field':
        return this.field(dot, op.path, op.path.join('.'));
      case 'var':
        return this.field(lookupVar(scope, op.name), op.path, op.path.join('.'));
      case 'pipe':
        return this.field(this.pipeline(op.pipe, dot, scope), op.path, op.path.join('.'));
      case 'ident': {
        const fn = this.options.functions[op.name];
        if (!fn) throw new GoTemplateError(`function "${op.name}" not defined`);
        return fn(...(final ?? []));
      }
      default:
        throw new GoTemplateError('unknown operand');
    }
  }

  command(args: Operand[], dot: unknown, scope: Scope, piped: unknown[]): unknown {
    const [first, ...rest] = args;
    if (first.kind === 'ident') {
      const name = first.name;
      if (name === 'and' || name === 'or') {
        const values = rest.map(a => () => this.operand(a, dot, scope, undefined));
        const all = [...values, ...piped.map(p => () => p)];
        let last: unknown;
        for (const get of all) {
          last = get();
          if (name === 'and' ? !isTrue(last) : isTrue(last)) return last;
        }
        return last;
      }
      const values = rest.map(a => this.operand(a, dot, scope, undefined));
      return this.operand(first, dot, scope, [...values, ...piped]);
    }
    if (rest.length || piped.length) {
      throw new GoTemplateError(`can't give argument to non-function ${JSON.stringify(first)}`);
    }
    return this.operand(first, dot, scope, undefined);
  }

  pipeline(pipe: Pipeline, dot: unknown, scope: Scope): unknown {
    let value: unknown;
    pipe.commands.forEach((cmd, i) => {
      value = this.command(cmd.args, dot, scope, i === 0 ? [] : [value]);
    });
    if (pipe.decl.length === 1) {
      if (pipe.assign) setVar(scope, pipe.decl[0], value);
      else scope.push({ name: pipe.decl[0], value });
    }
    return value;
  }

  list(nodes: Node[], dot: unknown, scope: Scope, out: string[]) {
    const mark = scope.length;
    for (const node of nodes) this.node(node, dot, scope, out);
    scope.length = mark;
  }

  node(node: Node, dot: unknown, scope: Scope, out: string[]) {
    switch (node.kind) {
      case 'text':
        out.push(node.text);
        return;
      case 'action': {
        const value = this.pipeline(node.pipe, dot, scope);
        if (!node.pipe.decl.length) out.push(formatValue(value));
        return;
      }
      case 'if':
      case 'with': {
        const mark = scope.length;
        const value = this.pipeline(node.pipe, dot, scope);
        if (isTrue(value)) this.list(node.list, node.kind === 'with' ? value : dot, scope, out);
        else if (node.elseList) this.list(node.elseList, dot, scope, out);
        scope.length = mark;
        return;
      }
      case 'range':
        this.range(node, dot, scope, out);
        return;
      case 'break':
        throw new BreakSignal();
      case 'continue':
        throw new ContinueSignal();
      default:
    }
  }

  range(node: Extract<Node, { kind: 'range' }>, dot: unknown, scope: Scope, out: string[]) {
    const decl = node.pipe.decl;
    const value = this.pipeline({ ...node.pipe, decl: [] }, dot, scope);
    let entries: [unknown, unknown][] = [];
    if (Array.isArray(value)) entries = value.map((v, i) => [i, v]);
    else if (value && typeof value === 'object') {
      entries = Object.keys(value).sort().map(k => [k, (value as Record<string, unknown>)[k]]);
    } else if (typeof value === 'number') {
      entries = Array.from({ length: value }, (_, i) => [i, i]);
    } else if (isTrue(value)) {
      throw new GoTemplateError(`range can't iterate over ${formatValue(value)}`);
    }
    if (!entries.length) {
      if (node.elseList) this.list(node.elseList, dot, scope, out);
      return;
    }
    for (const [key, item] of entries) {
      const mark = scope.length;
      if (decl.length === 1) scope.push({ name: decl[0], value: item });
      if (decl.length === 2) scope.push({ name: decl[0], value: key }, { name: decl[1], value: item });
      try {
        this.list(node.list, item, scope, out);
      } catch (signal) {
        if (signal instanceof BreakSignal) {
          scope.length = mark;
          break;
        }
        if (!(signal instanceof ContinueSignal)) throw signal;
      }
      scope.length = mark;
    }
  }
}

/** Renders a Go template with data. Errors are GoTemplateErrors. */
export function executeGoTemplate(text: string, data: unknown, options: ExecuteOptions): string {
  const nodes = parseGoTemplate(text);
  const out: string[] = [];
  new Executor(options).list(nodes, data, [{ name: '$', value: data }], out);
  return out.join('');
}
