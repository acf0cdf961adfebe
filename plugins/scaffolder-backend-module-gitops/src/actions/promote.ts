import fs from 'fs/promises';
import path from 'path';
import { z } from 'zod';
import { isMap, isScalar, isSeq, parseDocument, YAMLMap } from 'yaml';
import { PermissionsService } from '@backstage/backend-plugin-api';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './promote.examples';
import { gitopsPromotePermission } from '@gitops-suite/plugin-gitops-common';
import { authorizeInitiator } from './authorizeInitiator';
import { InputError } from '@backstage/errors';
import { actionSchema, DNS_LABEL, ENTITY_REF } from './validation';
import { resolveWorkspacePath } from './workspacePath';
import { authorizeGitWrite } from './authorizeGitWrite';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';

export const PROMOTE_ACTION_ID = 'gitops:promote';

/**
 * The optional inputs' defaults: published in the schema and applied by the
 * handler, since the scaffolder validates input but applies no default.
 */
const PROMOTE_DEFAULTS = {
  repoPath: '.',
  overlayPath: 'deploy/overlays/{{environment}}',
  valuesKey: 'image.tag',
};

export const promoteInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    entityRef: zImpl
      .string()
      .regex(ENTITY_REF, 'entityRef must be kind:namespace/name')
      .describe(
        'The service being promoted; the user who started the task needs gitops.promote on it',
      ),
    repoUrl: zImpl
      .string()
      .min(1)
      .describe(
        "The repository checked out at repoPath (a RepoUrlPicker value or a URL): the gitops backend decides the change for the entity's owners before the file is written (every application deployed from it must be theirs)",
      ),
    repoPath: zImpl
      .string()
      .default(PROMOTE_DEFAULTS.repoPath)
      .describe('The checked-out GitOps repository, relative to the workspace'),
    environment: zImpl
      .string()
      .min(1)
      .regex(DNS_LABEL, 'environment must be a lowercase RFC 1123 label')
      .describe('The environment whose overlay changes'),
    tag: zImpl
      .string()
      .min(1)
      .max(128)
      .regex(
        /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/,
        'tag must be a valid OCI image tag',
      )
      .describe('The new image tag'),
    image: zImpl
      .string()
      .min(1)
      .optional()
      .describe(
        'The image `name` of the Kustomize images entry; required when the overlay lists more than one image',
      ),
    overlayPath: zImpl
      .string()
      .default(PROMOTE_DEFAULTS.overlayPath)
      .describe('The overlay folder, with {{environment}} for the environment'),
    valuesFile: zImpl
      .string()
      .optional()
      .describe(
        'A Helm values file (relative to the repository, {{environment}} allowed) to change instead of a kustomization',
      ),
    valuesKey: zImpl
      .string()
      .default(PROMOTE_DEFAULTS.valuesKey)
      .describe('Dotted path of the tag in the values file'),
  });

/** Sets `newTag` of one `images:` entry of a kustomization; returns the previous tag. */
function promoteKustomization(
  source: string,
  file: string,
  image: string | undefined,
  tag: string,
): { previous?: string; content: string; image: string } {
  const doc = parseDocument(source);
  if (doc.errors.length) {
    throw new InputError(`${file} is not valid YAML: ${doc.errors[0].message}`);
  }
  const images = doc.get('images');
  if (!isSeq(images) || images.items.length === 0) {
    throw new InputError(`${file} has no images: entries to promote`);
  }
  const entries = images.items.filter(isMap) as YAMLMap[];
  const names = entries.map(entry => String(entry.get('name')));
  let entry: YAMLMap | undefined;
  if (image) {
    entry = entries.find(e => e.get('name') === image);
    if (!entry) {
      throw new InputError(
        `Image '${image}' is not listed in ${file} (images: ${names.join(
          ', ',
        )})`,
      );
    }
  } else if (entries.length === 1) {
    entry = entries[0];
  } else {
    throw new InputError(
      `image: ${file} lists several images (${names.join(
        ', ',
      )}); name the one to promote`,
    );
  }
  const previousNode = entry.get('newTag', true);
  const previous = isScalar(previousNode)
    ? String(previousNode.value)
    : undefined;
  if (isScalar(previousNode)) {
    previousNode.value = tag;
  } else {
    entry.set('newTag', tag);
  }
  return {
    previous,
    content: doc.toString(),
    image: String(entry.get('name')),
  };
}

/** Sets a dotted key of a values file; returns the previous value. */
function promoteValues(
  source: string,
  file: string,
  key: string,
  tag: string,
): { previous?: string; content: string } {
  const doc = parseDocument(source);
  if (doc.errors.length) {
    throw new InputError(`${file} is not valid YAML: ${doc.errors[0].message}`);
  }
  const keyPath = key.split('.').filter(Boolean);
  if (!keyPath.length) {
    throw new InputError('valuesKey must not be empty');
  }
  if (!doc.hasIn(keyPath)) {
    throw new InputError(`${file} has no value at '${key}'`);
  }
  const node = doc.getIn(keyPath, true);
  const previous = isScalar(node) ? String(node.value) : undefined;
  if (isScalar(node)) {
    node.value = tag;
  } else {
    doc.setIn(keyPath, tag);
  }
  return { previous, content: doc.toString() };
}

/**
 * Changes the image tag of one environment's overlay (or one key of a Helm
 * values file) in a checked-out GitOps repository, ready for a
 * `publish:*:pull-request` step. Comments and layout of the file are kept.
 */
export function createPromoteAction(options: {
  permissions: PermissionsService;
  client: GitOpsBackendClient;
}) {
  return createTemplateAction({
    id: PROMOTE_ACTION_ID,
    description:
      "Changes the image tag of one environment's Kustomize overlay (or a Helm values key) in a checked-out GitOps repository",
    supportsDryRun: true,
    examples,
    schema: {
      input: actionSchema(promoteInputSchema),
      output: {
        file: zImpl =>
          zImpl
            .string()
            .describe('The changed file, relative to the workspace'),
        previousTag: zImpl =>
          zImpl.string().optional().describe('The tag before'),
        newTag: zImpl => zImpl.string().describe('The tag after'),
      },
    },
    async handler(ctx) {
      // validated once, by the scaffolder against the schema above; what a
      // JSON schema cannot say (the file stays inside repoPath) is below
      const input = {
        ...PROMOTE_DEFAULTS,
        ...(ctx.input as z.input<ReturnType<typeof promoteInputSchema>>),
      };
      await authorizeInitiator({
        permissions: options.permissions,
        ctx,
        permission: gitopsPromotePermission,
        entityRef: input.entityRef,
        actionId: PROMOTE_ACTION_ID,
      });
      const fill = (p: string) =>
        p.split('{{environment}}').join(input.environment);
      const relative = input.valuesFile
        ? path.posix.join(input.repoPath, fill(input.valuesFile))
        : path.posix.join(
            input.repoPath,
            fill(input.overlayPath),
            'kustomization.yaml',
          );
      const file = resolveWorkspacePath(
        ctx.workspacePath,
        relative,
        input.valuesFile ? 'valuesFile' : 'overlayPath',
      );
      // the file as a path of the repository checked out at repoPath: one
      // outside it (path.join folds '..' away) is no file of repoUrl
      const repoRoot = path.posix.join('.', input.repoPath);
      const inRepo = path.posix.relative(repoRoot, relative);
      if (inRepo === '' || inRepo.startsWith('..') || path.isAbsolute(inRepo)) {
        throw new InputError(
          `${
            input.valuesFile ? 'valuesFile' : 'overlayPath'
          } must name a file inside repoPath '${
            input.repoPath
          }', got '${relative}'`,
        );
      }
      // a git write is a deploy write: decided by the gitops backend for
      // the file as a path of the repository, before it is read or written
      await authorizeGitWrite({
        client: options.client,
        ctx,
        actionId: PROMOTE_ACTION_ID,
        entityRef: input.entityRef,
        permission: 'gitops.promote',
        repoUrl: input.repoUrl,
        paths: [inRepo],
        deployed: true,
      });
      let source: string;
      try {
        source = await fs.readFile(file, 'utf8');
      } catch {
        throw new InputError(
          input.valuesFile
            ? `environment: no values file ${relative} for environment '${input.environment}'`
            : `environment: no overlay for environment '${input.environment}' (${relative} is missing)`,
        );
      }
      const result = input.valuesFile
        ? promoteValues(source, relative, input.valuesKey, input.tag)
        : promoteKustomization(source, relative, input.image, input.tag);

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would change ${relative} from ${
            result.previous ?? '(none)'
          } to ${input.tag}`,
        );
      } else if (result.content !== source) {
        await fs.writeFile(file, result.content, 'utf8');
        ctx.logger.info(
          `Changed ${relative} from ${result.previous ?? '(none)'} to ${
            input.tag
          }`,
        );
      } else {
        ctx.logger.info(`${relative} already uses ${input.tag}`);
      }
      ctx.output('file', relative);
      if (result.previous !== undefined) {
        ctx.output('previousTag', result.previous);
      }
      ctx.output('newTag', input.tag);
    },
  });
}
