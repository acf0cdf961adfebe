import { parse as parseYaml } from 'yaml';
import { GitCatalog } from '../git/GitCatalog';
import { JsonObject, clone, isObject } from '../util/json';
import { GitGeneratorError, gitParams } from './appSetGitGenerator';
import { ScmGeneratorError, pullRequestParams, scmProviderParams } from './appSetScmGenerators';
import { DuckTypeEnv, clusterDecisionParams } from './appSet/duckTypeGenerator';
import { GeneratorInputError } from './appSet/errors';
import { flattenToStrings } from './appSet/flatten';
import { PluginEnv, pluginParams } from './appSet/pluginGenerator';
import { Params, RenderOptions, TemplateError, mergeTemplates, renderString, renderTemplate } from './appSetTemplate';
import { applyTemplatePatch } from './appSetTemplatePatch';
import { matchesRequirements, requirementsFromLabelSelector } from './labelSelector';

/*
 * The ApplicationSet generators with Argo CD's semantics
 * (applicationset/generators/*.go, controllers/template/template.go): list,
 * clusters, git, matrix, merge, pullRequest, scmProvider and
 * clusterDecisionResource, each with its `values`, `template` and
 * post-`selector`, rendered with fasttemplate or Go templates.
 */

export class GeneratorError extends Error {}

export interface GeneratorContext extends DuckTypeEnv, PluginEnv {
  git: GitCatalog;
  /** The agent's clusters as Argo CD returns them (v1alpha1Cluster). */
  clusters: JsonObject[];
}

interface ParamSet {
  params: Params;
  template: JsonObject;
}

interface GenerateOptions extends RenderOptions {
  /** spec.applyNestedSelectors: keep selectors two levels down (Argo CD 2.x drops them otherwise). */
  applyNestedSelectors: boolean;
}

/*
 * matrix.go / merge.go getParams: a child that is itself a matrix or merge
 * loses the selectors of its own generators unless the set enables
 * applyNestedSelectors (dropDisabledNestedSelectors; Argo CD 3.0 always
 * applies them). Selectors of direct children always apply.
 */
function withoutNestedSelectors(child: JsonObject, options: GenerateOptions): JsonObject {
  if (options.applyNestedSelectors) return child;
  const kind = ['matrix', 'merge'].find(k => isObject(child[k]));
  if (!kind || !Array.isArray(child[kind].generators)) return child;
  const generators = child[kind].generators.map((g: JsonObject) => {
    if (!isObject(g) || !('selector' in g)) return g;
    const { selector: _dropped, ...rest } = g;
    return rest;
  });
  return { ...child, [kind]: { ...child[kind], generators } };
}

const KINDS = ['list', 'clusters', 'git', 'matrix', 'merge', 'pullRequest', 'scmProvider', 'clusterDecisionResource', 'plugin'];
const IN_CLUSTER = 'https://kubernetes.default.svc';

function decodeElement(element: unknown): JsonObject {
  if (isObject(element) && typeof element.raw === 'string' && Object.keys(element).length === 1) {
    try {
      return JSON.parse(Buffer.from(element.raw, 'base64').toString('utf8'));
    } catch {
      throw new GeneratorError('error unmarshling list element');
    }
  }
  if (!isObject(element)) throw new GeneratorError('error unmarshling list element');
  return element;
}

function listParams(spec: JsonObject, goTemplate: boolean): Params[] {
  const out: Params[] = [];
  for (const raw of spec.elements ?? []) {
    const element = clone(decodeElement(raw));
    if (goTemplate) {
      out.push(element);
      continue;
    }
    const params: Params = {};
    for (const [key, value] of Object.entries(element)) {
      if (key === 'values') {
        if (!isObject(value)) throw new GeneratorError('error parsing values map');
        for (const [k, v] of Object.entries(value)) {
          if (typeof v !== 'string') throw new GeneratorError('error parsing value as string <nil>');
          params[`values.${k}`] = v;
        }
      } else {
        if (typeof value !== 'string') throw new GeneratorError('error parsing value as string <nil>');
        params[key] = value;
      }
    }
    out.push(params);
  }
  if (spec.elementsYaml) {
    let parsed: unknown;
    try {
      parsed = parseYaml(String(spec.elementsYaml));
    } catch (error) {
      throw new GeneratorError(`error unmarshling decoded ElementsYaml ${(error as Error).message}`);
    }
    if (!Array.isArray(parsed)) throw new GeneratorError('error unmarshling decoded ElementsYaml');
    out.push(...parsed.filter(isObject));
  }
  return out;
}

/** A cluster Secret carries `argocd.argoproj.io/secret-type: cluster`; the local in-cluster has no Secret. */
function clusterParams(spec: JsonObject, ctx: GeneratorContext, goTemplate: boolean): Params[] {
  const selector = spec.selector ?? {};
  const nonEmpty = Object.keys(selector.matchLabels ?? {}).length > 0 || (selector.matchExpressions ?? []).length > 0;
  const requirements = requirementsFromLabelSelector(selector);
  const out: Params[] = [];
  for (const cluster of ctx.clusters) {
    const local = cluster.server === IN_CLUSTER && !cluster.labels;
    if (local) {
      if (nonEmpty) continue;
      out.push({ name: cluster.name, nameNormalized: cluster.name, server: cluster.server, project: '' });
      continue;
    }
    const labels = { ...(cluster.labels ?? {}), 'argocd.argoproj.io/secret-type': 'cluster' };
    if (!matchesRequirements(requirements, labels)) continue;
    const params: Params = {
      name: cluster.name,
      nameNormalized: String(cluster.name).toLowerCase().replace(/[^-a-z0-9.]/g, '-').replace(/^[-.]+|[-.]+$/g, ''),
      server: cluster.server,
      project: cluster.project ?? '',
    };
    const annotations = cluster.annotations ?? {};
    if (goTemplate) params.metadata = { labels, annotations };
    else {
      for (const [k, v] of Object.entries(labels)) params[`metadata.labels.${k}`] = v;
      for (const [k, v] of Object.entries(annotations)) params[`metadata.annotations.${k}`] = v;
    }
    out.push(params);
  }
  return out;
}

function appendValues(values: Record<string, string> | undefined, params: Params, options: RenderOptions) {
  if (!values) return;
  const rendered: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) rendered[k] = renderString(String(v), params, options);
  if (options.goTemplate) params.values = rendered;
  else for (const [k, v] of Object.entries(rendered)) params[`values.${k}`] = v;
}

/**
 * matrix.go: with Go templates mergo merges the second child's params, then
 * the first's over them (WithOverride), map into map; with fasttemplate
 * CombineStringMaps refuses a key both give different values.
 */
function combine(a: Params, b: Params, goTemplate: boolean): Params {
  if (goTemplate) return deepMerge(b, a);
  for (const [k, v] of Object.entries(b)) {
    if (k in a && a[k] !== v) throw new GeneratorError(`found duplicate key ${k} with different value, a: ${a[k]} ,b: ${v}`);
  }
  return { ...a, ...b };
}

function deepMerge(base: Params, override: Params): Params {
  const out: Params = { ...base };
  for (const [k, v] of Object.entries(override)) {
    out[k] = isObject(v) && isObject(base[k]) ? deepMerge(base[k], v) : v;
  }
  return out;
}

/** json.Marshal's text: map keys sorted at every depth. */
function goJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map(k => `${JSON.stringify(k)}:${goJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function mergeParams(spec: JsonObject, ctx: GeneratorContext, options: GenerateOptions): Params[] {
  const children: JsonObject[] = spec.generators ?? [];
  if (children.length < 2) throw new GeneratorError('found less than two generators, Merge requires two or more');
  const keys: string[] = spec.mergeKeys ?? [];
  if (!keys.length) throw new GeneratorError('no merge keys were specified, Merge requires at least one');
  const sets = children.map((child, i) => {
    const params = run(withoutNestedSelectors(child, options), ctx, options, {}).map(s => s.params);
    if (!params.length) throw new GeneratorError(`error getting params from generator ${i + 1} of ${children.length}: child generator generated no parameters`);
    return params;
  });
  const keyOf = (p: Params) => goJson(Object.fromEntries([...new Set(keys)].map(k => [k, p[k] ?? null])));
  let base = sets[0];
  for (const overrides of sets.slice(1)) {
    const byKey = new Map<string, Params>();
    for (const p of overrides) {
      const key = keyOf(p);
      if (byKey.has(key)) {
        throw new GeneratorError(`the parameters from a generator were not unique by the given mergeKeys, Merge requires all param sets to be unique. Duplicate key was ${key}`);
      }
      byKey.set(key, p);
    }
    base = base.map(p => {
      const o = byKey.get(keyOf(p));
      if (!o) return p;
      return options.goTemplate ? deepMerge(p, o) : { ...p, ...o };
    });
  }
  return base;
}

function generatorParams(kind: string, spec: JsonObject, generator: JsonObject, ctx: GeneratorContext, options: GenerateOptions): ParamSet[] {
  const go = options.goTemplate;
  const own = (list: Params[]) => list.map(params => ({ params, template: spec.template ?? {} }));
  switch (kind) {
    case 'list':
      return own(listParams(spec, go));
    case 'clusters': {
      const clusters = clusterParams(spec, ctx, go);
      return own(spec.flatList && clusters.length ? [{ clusters }] : clusters);
    }
    case 'git':
      return own(gitParams(spec, ctx.git, go));
    case 'pullRequest':
      return own(pullRequestParams(spec, ctx.git, go));
    case 'scmProvider':
      return own(scmProviderParams(spec, ctx.git));
    case 'clusterDecisionResource':
      return own(clusterDecisionParams(spec, ctx, ctx.clusters, go));
    case 'plugin':
      return own(pluginParams(spec, ctx, go));
    case 'merge':
      return own(mergeParams(spec, ctx, options));
    case 'matrix': {
      const children: JsonObject[] = spec.generators ?? [];
      if (children.length < 2) throw new GeneratorError('found less than two generators, Matrix support only two');
      if (children.length > 2) throw new GeneratorError('found more than two generators, Matrix support only two');
      const out: ParamSet[] = [];
      const left = run(withoutNestedSelectors(children[0], options), ctx, options, {});
      if (!left.length) throw new GeneratorError('child generator returned an error on parameter generation: child generator generated no parameters');
      for (const a of left) {
        const right = run(renderTemplate(withoutNestedSelectors(children[1], options), a.params, options), ctx, options, a.params);
        for (const b of right) {
          out.push({ params: combine(a.params, b.params, go), template: mergeTemplates(a.template, b.template) as JsonObject });
        }
      }
      return out.map(s => ({ ...s, template: mergeTemplates(s.template, spec.template ?? {}) as JsonObject }));
    }
    default:
      throw new GeneratorError(`the ${kind} generator is not available in the sandbox (${JSON.stringify(Object.keys(generator))})`);
  }
}

function run(generator: JsonObject, ctx: GeneratorContext, options: GenerateOptions, _parent: Params): ParamSet[] {
  const kinds = Object.keys(generator).filter(k => KINDS.includes(k) && generator[k] !== null && generator[k] !== undefined);
  if (kinds.length !== 1) throw new GeneratorError(kinds.length ? 'more than one generator kind in one generator' : 'generator is empty');
  const kind = kinds[0];
  const spec: JsonObject = generator[kind] ?? {};
  let sets: ParamSet[];
  try {
    sets = generatorParams(kind, spec, generator, ctx, options);
  } catch (error) {
    if (
      error instanceof GitGeneratorError ||
      error instanceof ScmGeneratorError ||
      error instanceof GeneratorInputError ||
      error instanceof TemplateError
    ) {
      throw new GeneratorError(error.message);
    }
    throw error;
  }
  const ownValues = !['matrix', 'merge', 'clusterDecisionResource'].includes(kind);
  for (const set of sets) appendValues(ownValues ? spec.values : undefined, set.params, options);
  if (generator.selector) {
    const requirements = requirementsFromLabelSelector(generator.selector);
    sets = sets.filter(s => matchesRequirements(requirements, flattenToStrings(s.params)));
  }
  return sets;
}

export interface GenerationResult {
  /** The desired Applications in generation order (duplicates kept, as Argo CD keeps them). */
  applications: JsonObject[];
  error?: string;
  reason?: 'ApplicationParamsGenerationError' | 'RenderTemplateParamsError';
}

/** template.GenerateApplications: every generator, every param set, rendered and patched. */
export function generateApplications(appSet: JsonObject, ctx: GeneratorContext): GenerationResult {
  const spec: JsonObject = appSet.spec ?? {};
  const options: GenerateOptions = {
    goTemplate: Boolean(spec.goTemplate),
    goTemplateOptions: spec.goTemplateOptions ?? [],
    applyNestedSelectors: Boolean(spec.applyNestedSelectors),
  };
  const applications: JsonObject[] = [];
  let error: string | undefined;
  let reason: GenerationResult['reason'];
  const preserve = Boolean(spec.syncPolicy?.preserveResourcesOnDeletion);
  for (const generator of spec.generators ?? []) {
    let sets: ParamSet[];
    try {
      sets = run(generator, ctx, options, {});
    } catch (e) {
      if (!(e instanceof GeneratorError)) throw e;
      error ??= e.message;
      reason ??= 'ApplicationParamsGenerationError';
      continue;
    }
    for (const set of sets) {
      try {
        const template = mergeTemplates(clone(spec.template ?? {}), set.template) as JsonObject;
        let app = renderTemplate(template, set.params, options);
        app.metadata ??= {};
        // RenderTemplateParams adds the resources finalizer only to a
        // template without finalizers; templatePatch comes after.
        if (!preserve && !(app.metadata.finalizers ?? []).length) {
          app.metadata.finalizers = ['resources-finalizer.argocd.argoproj.io'];
        }
        if (spec.templatePatch) app = applyTemplatePatch(app, String(spec.templatePatch), set.params, options);
        app.metadata ??= {};
        app.metadata.namespace = appSet.metadata?.namespace;
        applications.push(app);
      } catch (e) {
        if (!(e instanceof TemplateError)) throw e;
        error ??= e.message;
        reason ??= 'RenderTemplateParamsError';
      }
    }
  }
  return { applications, error, reason };
}
