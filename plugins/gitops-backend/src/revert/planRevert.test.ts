import type { ApplicationSource } from '@gitops-suite/plugin-gitops-common';
import { createHash } from 'node:crypto';
import { planRevert } from './planRevert';
import { RepositoryFiles } from './RepositoryFiles';

/** A repository at one commit, from its files' text (blob ids as git makes them). */
function snapshot(commit: string, files: Record<string, string>) {
  const blobs = new Map<string, string>();
  const listed = Object.entries(files).map(([path, text]) => {
    const sha = createHash('sha1')
      .update(`blob ${Buffer.byteLength(text)}\0${text}`)
      .digest('hex');
    blobs.set(sha, text);
    return { path, sha, mode: '100644' };
  });
  return new RepositoryFiles(
    { readBlob: async (_repo, sha) => blobs.get(sha)! },
    'https://git.example/acme/deploy.git',
    commit,
    listed,
  );
}

const source = (
  type: ApplicationSource['type'],
  more: Partial<ApplicationSource> = {},
): ApplicationSource => ({
  repoURL: 'https://git.example/acme/deploy.git',
  type,
  ...more,
});

const kustomization = (images: string) =>
  `# the dev overlay\napiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - ../../base # shared\n${images}`;

describe('planRevert', () => {
  describe('a Kustomize overlay', () => {
    it('puts the image tags back, keeping the comments and the other images', async () => {
      const now = snapshot('b'.repeat(40), {
        'overlays/dev/kustomization.yaml': kustomization(
          'images:\n  - name: ghcr.io/acme/api # the api\n    newTag: 2.0.0\n  - name: ghcr.io/acme/worker\n    newTag: 1.1.0\n',
        ),
        'overlays/dev/replicas.yaml': 'replicas: 3\n',
      });
      const then = snapshot('a'.repeat(40), {
        'overlays/dev/kustomization.yaml': kustomization(
          'images:\n  - name: ghcr.io/acme/api\n    newTag: 1.9.0\n  - name: ghcr.io/acme/worker\n    newTag: 1.1.0\n',
        ),
        'overlays/dev/replicas.yaml': 'replicas: 2\n',
      });
      const plan = await planRevert({
        source: source('kustomize'),
        path: 'overlays/dev',
        now,
        then,
      });
      expect(plan.changes).toEqual([
        {
          file: 'overlays/dev/kustomization.yaml',
          what: 'image ghcr.io/acme/api',
          from: '2.0.0',
          to: '1.9.0',
        },
      ]);
      expect(plan.files).toEqual([
        {
          path: 'overlays/dev/kustomization.yaml',
          content: kustomization(
            'images:\n  - name: ghcr.io/acme/api # the api\n    newTag: 1.9.0\n  - name: ghcr.io/acme/worker\n    newTag: 1.1.0\n',
          ),
        },
      ]);
    });

    it('is found by its kustomization whatever the source type says, and puts back a name, a digest, an added and a removed image', async () => {
      const now = snapshot('b'.repeat(40), {
        'app/kustomization.yml': kustomization(
          'images:\n  - name: api\n    newName: ghcr.io/acme/api-v2\n    newTag: 2.0.0\n  - name: sidecar\n    newTag: "5"\n',
        ),
      });
      const then = snapshot('a'.repeat(40), {
        'app/kustomization.yml': kustomization(
          'images:\n  - name: api\n    digest: sha256:abc\n  - name: proxy\n    newTag: 0.9.0\n',
        ),
      });
      const plan = await planRevert({
        source: source('directory'),
        path: 'app',
        now,
        then,
      });
      expect(plan.changes).toEqual([
        {
          file: 'app/kustomization.yml',
          what: 'image api',
          from: 'ghcr.io/acme/api-v2:2.0.0',
          to: '@sha256:abc',
        },
        { file: 'app/kustomization.yml', what: 'image sidecar', from: '5' },
        { file: 'app/kustomization.yml', what: 'image proxy', to: '0.9.0' },
      ]);
      expect(plan.files[0]).toEqual({
        path: 'app/kustomization.yml',
        content: kustomization(
          'images:\n  - name: api\n    digest: sha256:abc\n  - name: proxy\n    newTag: 0.9.0\n',
        ),
      });
    });

    it('writes nothing when the tags are those of the entry, and says which other files differ', async () => {
      const files = {
        'overlays/dev/kustomization.yaml': kustomization(
          'images:\n  - name: api\n    newTag: 1.0.0\n',
        ),
      };
      const plan = await planRevert({
        source: source('kustomize'),
        path: 'overlays/dev',
        now: snapshot('b'.repeat(40), {
          ...files,
          'overlays/dev/patch.yaml': 'replicas: 3\n',
        }),
        then: snapshot('a'.repeat(40), files),
      });
      expect(plan.files).toEqual([]);
      expect(plan.unchanged).toBe(
        "the image tags of overlays/dev/kustomization.yaml are those the history entry deployed (other files of the overlay differ: overlays/dev/patch.yaml; a revert in Git puts a Kustomize overlay's image tags back, not its other files)",
      );
    });

    it('refuses (409) an overlay that had no kustomization at the entry', async () => {
      await expect(
        planRevert({
          source: source('kustomize'),
          path: 'overlays/dev',
          now: snapshot('b'.repeat(40), {
            'overlays/dev/kustomization.yaml': kustomization('images: []\n'),
          }),
          then: snapshot('a'.repeat(40), {}),
        }),
      ).rejects.toMatchObject({
        name: 'ConflictError',
        message:
          "overlays/dev had no kustomization at aaaaaaa, so the history entry's image tags are not in Git",
      });
    });
  });

  describe('a Helm chart in Git', () => {
    it("puts back the values files and the chart's version, not its templates", async () => {
      const now = snapshot('b'.repeat(40), {
        'charts/api/Chart.yaml': 'name: api\nversion: 1.4.0\n',
        'charts/api/values.yaml': 'image:\n  tag: 2.0.0\n',
        'charts/api/values-dev.yaml': 'replicas: 1\n',
        'charts/api/templates/deployment.yaml': 'kind: Deployment # new\n',
        'shared/values.yaml': 'team: a\n',
      });
      const then = snapshot('a'.repeat(40), {
        'charts/api/Chart.yaml': 'name: api\nversion: 1.3.2\n',
        'charts/api/values.yaml': 'image:\n  tag: 1.9.0\n',
        'charts/api/templates/deployment.yaml': 'kind: Deployment\n',
        'shared/values.yaml': 'team: b\n',
      });
      const plan = await planRevert({
        source: source('helm', {
          helm: {
            valueFiles: [
              'values-dev.yaml',
              '../../shared/values.yaml',
              '$values/x.yaml',
            ],
          },
        }),
        path: 'charts/api',
        now,
        then,
      });
      expect(plan.changes).toEqual([
        {
          file: 'charts/api/Chart.yaml',
          what: 'chart version',
          from: '1.4.0',
          to: '1.3.2',
        },
        {
          file: 'charts/api/values-dev.yaml',
          what: 'file',
          from: 'present',
          to: 'removed',
        },
        { file: 'charts/api/values.yaml', what: 'values' },
        { file: 'shared/values.yaml', what: 'values' },
      ]);
      expect(plan.files).toEqual([
        {
          path: 'charts/api/Chart.yaml',
          blob: {
            sha: then.file('charts/api/Chart.yaml')!.sha,
            mode: '100644',
          },
        },
        { path: 'charts/api/values-dev.yaml', remove: true },
        {
          path: 'charts/api/values.yaml',
          blob: {
            sha: then.file('charts/api/values.yaml')!.sha,
            mode: '100644',
          },
        },
        {
          path: 'shared/values.yaml',
          blob: { sha: then.file('shared/values.yaml')!.sha, mode: '100644' },
        },
      ]);
    });
  });

  describe('a plain path', () => {
    it('puts every file of the path back, and leaves the rest of the repository', async () => {
      const now = snapshot('b'.repeat(40), {
        'manifests/deployment.yaml': 'image: api:2\n',
        'manifests/new.yaml': 'kind: ConfigMap\n',
        'manifests/same.yaml': 'kind: Service\n',
        'other/x.yaml': 'x: 2\n',
      });
      const then = snapshot('a'.repeat(40), {
        'manifests/deployment.yaml': 'image: api:1\n',
        'manifests/old.yaml': 'kind: Secret\n',
        'manifests/same.yaml': 'kind: Service\n',
        'other/x.yaml': 'x: 1\n',
      });
      const plan = await planRevert({
        source: source('directory'),
        path: 'manifests',
        now,
        then,
      });
      expect(plan.changes).toEqual([
        { file: 'manifests/deployment.yaml', what: 'contents' },
        {
          file: 'manifests/new.yaml',
          what: 'file',
          from: 'present',
          to: 'removed',
        },
        {
          file: 'manifests/old.yaml',
          what: 'file',
          from: 'absent',
          to: 'restored',
        },
      ]);
      expect(plan.files.map(f => f.path)).toEqual([
        'manifests/deployment.yaml',
        'manifests/new.yaml',
        'manifests/old.yaml',
      ]);
    });
  });
});
