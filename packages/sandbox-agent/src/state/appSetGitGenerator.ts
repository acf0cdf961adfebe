import { parse as parseYaml } from 'yaml';
import { GitCatalog } from '../git/GitCatalog';
import { JsonObject, isObject } from '../util/json';
import { gitPathspecMatch, goPathMatch } from './appSet/pathMatch';
import { flattenToStrings } from './appSet/flatten';
import { Params } from './appSetTemplate';
import { sanitizeName } from './goTemplate';

/*
 * The git generator (applicationset/generators/git.go): directories matched
 * with Go's path.Match, files with git's pathspec (git ls-files), params
 * nested for Go templates or flat for fasttemplate, `pathParamPrefix`.
 */

export class GitGeneratorError extends Error {}

function dirname(p: string) {
  const i = p.lastIndexOf('/');
  return i < 0 ? '.' : p.slice(0, i) || '/';
}

function basename(p: string) {
  const parts = p.split('/').filter(Boolean);
  return parts[parts.length - 1] ?? '.';
}

function pathParams(dir: string, file: string | undefined, spec: JsonObject, goTemplate: boolean): Params {
  const prefix = spec.pathParamPrefix ? String(spec.pathParamPrefix) : '';
  if (goTemplate) {
    const path: Params = {
      path: dir,
      basename: basename(dir),
      basenameNormalized: sanitizeName(basename(dir)),
      segments: dir.split('/'),
    };
    if (file !== undefined) {
      path.filename = basename(file);
      path.filenameNormalized = sanitizeName(basename(file));
    }
    return prefix ? { [prefix]: { path } } : { path };
  }
  const name = prefix ? `${prefix}.path` : 'path';
  const flat: Params = {
    [name]: dir,
    [`${name}.basename`]: basename(dir),
    [`${name}.basenameNormalized`]: sanitizeName(basename(dir)),
  };
  if (file !== undefined) {
    flat[`${name}.filename`] = basename(file);
    flat[`${name}.filenameNormalized`] = sanitizeName(basename(file));
  }
  dir.split('/').forEach((segment, i) => {
    if (segment) flat[`${name}[${i}]`] = segment;
  });
  return flat;
}

function parseFile(path: string, repoURL: string, content: unknown): JsonObject[] {
  let data = content;
  if (typeof content === 'string') {
    try {
      data = parseYaml(content);
    } catch (error) {
      throw new GitGeneratorError(`unable to process file '${path}' from repository '${repoURL}': unable to parse file: ${(error as Error).message}`);
    }
  }
  if (data === null || data === undefined) return [{}];
  if (Array.isArray(data)) return data.filter(isObject);
  if (!isObject(data)) throw new GitGeneratorError(`unable to process file '${path}' from repository '${repoURL}': unable to parse file`);
  return [data];
}

/** The params of one git generator (without `values`). */
export function gitParams(spec: JsonObject, git: GitCatalog, goTemplate: boolean): Params[] {
  const repo = git.find(String(spec.repoURL ?? ''));
  if (!repo) {
    throw new GitGeneratorError(
      `error generating params from git: error getting directories from repo: repository ${spec.repoURL} not found`,
    );
  }
  const directories: JsonObject[] = spec.directories ?? [];
  const files: JsonObject[] = spec.files ?? [];
  if (directories.length) {
    const dirs = repo.allDirectories().filter(dir => {
      const matches = directories.filter(d => goPathMatch(String(d.path), dir));
      return matches.some(d => !d.exclude) && !matches.some(d => d.exclude);
    });
    return dirs.map(dir => pathParams(dir, undefined, spec, goTemplate));
  }
  if (files.length) {
    const all = [...repo.files.keys()];
    const selected = new Set<string>();
    for (const f of files.filter(x => !x.exclude)) {
      for (const p of all) if (gitPathspecMatch(String(f.path), p)) selected.add(p);
    }
    for (const f of files.filter(x => x.exclude)) {
      for (const p of all) if (gitPathspecMatch(String(f.path), p)) selected.delete(p);
    }
    const out: Params[] = [];
    for (const file of [...selected].sort()) {
      for (const object of parseFile(file, String(spec.repoURL), repo.files.get(file))) {
        const base = goTemplate ? { ...object } : flattenToStrings(object);
        out.push({ ...base, ...pathParams(dirname(file), file, spec, goTemplate) });
      }
    }
    return out;
  }
  throw new GitGeneratorError('error generating params from git: generator is empty');
}
