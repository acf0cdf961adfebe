import { parse as parseYaml } from 'yaml';
import { GitCatalog } from '../git/GitCatalog';
import { JsonObject, clone, isObject } from '../util/json';
import {
  Params,
  TemplateError,
  flattenParams,
  mergeTemplates,
  renderTemplate,
} from './appSetTemplate';
import { matchesRequirements, requirementsFromLabelSelector } from './labelSelector';

/*
 * ApplicationSet generators the sandbox runs: list, clusters, git
 * (directories and files, over the directories and files the scenario
 * declares) and matrix. Others are reported as not supported.
 */

export class GeneratorError extends Error {}

export interface GeneratorContext {
  git: GitCatalog;
  /** The agent's clusters as Argo CD returns them (v1alpha1Cluster). */
  clusters: JsonObject[];
}

interface ParamSet {
  params: Params;
  template?: JsonObject;
}

function decodeElement(element: unknown): Params {
  if (isObject(element) && typeof element.raw === 'string' && Object.keys(element).length === 1) {
    try {
      return JSON.parse(Buffer.from(element.raw, 'base64').toString('utf8'));
    } catch {
      throw new GeneratorError('list generator element has a raw value that is not base64 JSON');
    }
  }
  if (!isObject(element)) throw new GeneratorError('list generator elements must be objects');
  return element;
}

function normalize(name: string) {
  return name.toLowerCase().replace(/[^a-z0-9-.]/g, '-');
}

function globToRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        re += '.*';
        i++;
      } else {
        re += '[^/]*';
      }
    } else if (ch === '?') {
      re += '[^/]';
    } else {
      re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${re}$`);
}

function pathParams(path: string, goTemplate: boolean): Params {
  const segments = path.split('/').filter(Boolean);
  const basename = segments[segments.length - 1] ?? '';
  if (goTemplate) {
    return {
      path: {
        path,
        basename,
        basenameNormalized: normalize(basename),
        segments,
        filename: basename,
        filenameNormalized: normalize(basename),
      },
    };
  }
  const flat: Params = {
    path,
    'path.basename': basename,
    'path.basenameNormalized': normalize(basename),
    'path.filename': basename,
    'path.filenameNormalized': normalize(basename),
  };
  segments.forEach((s, i) => {
    flat[`path[${i}]`] = s;
  });
  return flat;
}

function clusterParams(cluster: JsonObject, values: Record<string, string> | undefined, goTemplate: boolean) {
  const params: Params = {
    name: cluster.name,
    nameNormalized: normalize(String(cluster.name ?? '')),
    server: cluster.server,
    project: cluster.project ?? '',
    metadata: {
      labels: { ...(cluster.labels ?? {}) },
      annotations: { ...(cluster.annotations ?? {}) },
    },
  };
  if (values) {
    const rendered: Record<string, string> = {};
    for (const [k, v] of Object.entries(values)) {
      rendered[k] = renderTemplate(v, params, { goTemplate });
    }
    params.values = rendered;
  }
  return params;
}

function parseFile(path: string, content: unknown): Params[] {
  let data = content;
  if (typeof content === 'string') {
    try {
      data = parseYaml(content);
    } catch {
      throw new GeneratorError(`git file ${path} is not valid YAML or JSON`);
    }
  }
  const list = Array.isArray(data) ? data : [data];
  return list.filter(isObject);
}

function run(generator: JsonObject, ctx: GeneratorContext, goTemplate: boolean): ParamSet[] {
  const kinds = Object.keys(generator).filter(k => k !== 'selector' && k !== 'template');
  if (kinds.length !== 1) {
    throw new GeneratorError(
      `a generator must have exactly one kind, found: ${kinds.join(', ') || 'none'}`,
    );
  }
  const kind = kinds[0];
  const spec: JsonObject = generator[kind] ?? {};
  let sets: ParamSet[];
  switch (kind) {
    case 'list': {
      let elements: unknown[] = spec.elements ?? [];
      if (spec.elementsYaml) {
        const parsed = parseYaml(String(spec.elementsYaml));
        if (Array.isArray(parsed)) elements = [...elements, ...parsed];
      }
      sets = elements.map(e => ({ params: clone(decodeElement(e)), template: spec.template }));
      break;
    }
    case 'clusters': {
      const selector = spec.selector ?? {};
      const hasSelector =
        Object.keys(selector.matchLabels ?? {}).length > 0 ||
        (selector.matchExpressions ?? []).length > 0;
      const requirements = requirementsFromLabelSelector(selector);
      sets = ctx.clusters
        .filter(c => (hasSelector ? matchesRequirements(requirements, c.labels) : true))
        .filter(c => !(hasSelector && c.name === 'in-cluster' && !c.labels))
        .map(c => {
          const params = clusterParams(c, spec.values, goTemplate);
          return { params: goTemplate ? params : flattenParams(params), template: spec.template };
        });
      break;
    }
    case 'git': {
      if (!spec.repoURL) throw new GeneratorError('git generator needs repoURL');
      const repo = ctx.git.find(String(spec.repoURL));
      if (!repo) {
        throw new GeneratorError(
          `git generator: repository ${spec.repoURL} is not declared in the scenario (gitRepositories or a service repo)`,
        );
      }
      if (spec.directories?.length) {
        const includes = (spec.directories as JsonObject[]).filter(d => !d.exclude);
        const excludes = (spec.directories as JsonObject[]).filter(d => d.exclude);
        const dirs = [...repo.directories].sort().filter(
          dir =>
            includes.some(d => globToRegExp(String(d.path)).test(dir)) &&
            !excludes.some(d => globToRegExp(String(d.path)).test(dir)),
        );
        sets = dirs.map(dir => ({ params: pathParams(dir, goTemplate), template: spec.template }));
      } else if (spec.files?.length) {
        sets = [];
        const files = [...repo.files.keys()].sort();
        for (const f of spec.files as JsonObject[]) {
          const re = globToRegExp(String(f.path));
          for (const file of files.filter(p => re.test(p))) {
            for (const content of parseFile(file, repo.files.get(file))) {
              const dir = file.split('/').slice(0, -1).join('/');
              const params = { ...(goTemplate ? content : flattenParams(content)), ...pathParams(dir, goTemplate) };
              sets.push({ params, template: spec.template });
            }
          }
        }
      } else {
        throw new GeneratorError('git generator needs directories or files');
      }
      if (spec.values) {
        for (const set of sets) {
          const values: Record<string, string> = {};
          for (const [k, v] of Object.entries(spec.values as Record<string, string>)) {
            values[k] = renderTemplate(v, set.params, { goTemplate });
          }
          if (goTemplate) set.params.values = values;
          else for (const [k, v] of Object.entries(values)) set.params[`values.${k}`] = v;
        }
      }
      break;
    }
    case 'matrix': {
      const children: JsonObject[] = spec.generators ?? [];
      if (children.length !== 2) throw new GeneratorError('matrix generator needs exactly 2 generators');
      const left = run(children[0], ctx, goTemplate);
      sets = [];
      for (const a of left) {
        const rightGen = renderTemplate(children[1], a.params, { goTemplate });
        for (const b of run(rightGen, ctx, goTemplate)) {
          sets.push({
            params: { ...a.params, ...b.params },
            template: mergeTemplates(a.template ?? {}, b.template ?? {}) as JsonObject,
          });
        }
      }
      break;
    }
    default:
      throw new GeneratorError(`the ${kind} generator is not supported by the sandbox`);
  }
  if (generator.selector) {
    const requirements = requirementsFromLabelSelector(generator.selector);
    sets = sets.filter(s => matchesRequirements(requirements, flattenParams(s.params)));
  }
  return sets;
}

/** The Applications an ApplicationSet generates (metadata + spec; no status). */
export function generateApplications(appSet: JsonObject, ctx: GeneratorContext): JsonObject[] {
  const spec: JsonObject = appSet.spec ?? {};
  const goTemplate = Boolean(spec.goTemplate);
  const options = { goTemplate, goTemplateOptions: spec.goTemplateOptions };
  const generators: JsonObject[] = spec.generators ?? [];
  if (!generators.length) throw new GeneratorError('spec.generators is empty');
  if (!spec.template) throw new GeneratorError('spec.template is required');
  const apps: JsonObject[] = [];
  const names = new Set<string>();
  for (const generator of generators) {
    for (const set of run(generator, ctx, goTemplate)) {
      const template = mergeTemplates(spec.template, set.template ?? generator[Object.keys(generator)[0]]?.template) as JsonObject;
      let rendered: JsonObject;
      try {
        rendered = renderTemplate(template, set.params, options);
      } catch (error) {
        if (error instanceof TemplateError) throw new GeneratorError(error.message);
        throw error;
      }
      const meta: JsonObject = rendered.metadata ?? {};
      if (!meta.name) throw new GeneratorError('the template renders an Application without a name');
      if (names.has(meta.name)) continue;
      names.add(meta.name);
      apps.push({
        metadata: {
          name: meta.name,
          namespace: meta.namespace || appSet.metadata?.namespace,
          ...(meta.labels ? { labels: meta.labels } : {}),
          ...(meta.annotations ? { annotations: meta.annotations } : {}),
          ...(meta.finalizers ? { finalizers: meta.finalizers } : {}),
          ownerReferences: [
            {
              apiVersion: 'argoproj.io/v1alpha1',
              kind: 'ApplicationSet',
              name: appSet.metadata?.name,
              uid: appSet.metadata?.uid,
              controller: true,
              blockOwnerDeletion: true,
            },
          ],
        },
        spec: rendered.spec ?? {},
      });
    }
  }
  return apps;
}
