import { admitApplicationSet, invalidMessage } from './crdValidation';

const base = () => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'guestbook', namespace: 'argocd', managedBy: 'dropped' },
  spec: {
    generators: [{ list: { elements: [{ cluster: 'dev' }] } }],
    template: {
      metadata: { name: '{{cluster}}-guestbook' },
      spec: {
        project: 'default',
        source: { repoURL: 'https://example.com/repo.git', path: 'guestbook', helm: { valuesObject: null } },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'guestbook' },
      },
    },
  },
});

describe('admitApplicationSet (the API server with the ApplicationSet CRD)', () => {
  it('drops undeclared fields and nulls of non-nullable fields, keeps preserved ones', () => {
    const manifest: any = base();
    manifest.spec.template.spec.source.unknownField = 'x';
    manifest.spec.generators[0].list.elements[0].extra = null;
    const { object, errors } = admitApplicationSet(manifest);
    expect(errors).toEqual([]);
    expect(object.metadata).toEqual({ name: 'guestbook', namespace: 'argocd' });
    expect(object.spec.template.spec.source).toEqual({
      repoURL: 'https://example.com/repo.git',
      path: 'guestbook',
      helm: {},
    });
    // List elements are x-kubernetes-preserve-unknown-fields: kept as given.
    expect(object.spec.generators[0].list.elements[0]).toEqual({ cluster: 'dev', extra: null });
  });

  it('names every failing field in the API server notation', () => {
    const manifest: any = base();
    delete manifest.spec.template.spec.destination;
    manifest.spec.generators.push({ merge: { mergeKeys: ['server'], generators: [], template: { spec: {} } } });
    manifest.spec.template.spec.source.helm = { parameters: [{ name: 'a', forceString: 'yes' }] };
    manifest.spec.syncPolicy = { applicationsSync: 'sometimes' };
    const { errors } = admitApplicationSet(manifest);
    expect(errors).toEqual(
      expect.arrayContaining([
        'spec.template.spec.destination: Required value',
        'spec.generators[1].merge.template.metadata: Required value',
        'spec.generators[1].merge.template.spec.project: Required value',
        'spec.generators[1].merge.template.spec.destination: Required value',
        'spec.template.spec.source.helm.parameters[0].forceString: Invalid value: "string": spec.template.spec.source.helm.parameters[0].forceString in body must be of type boolean: "string"',
        'spec.syncPolicy.applicationsSync: Unsupported value: "sometimes": supported values: "create-only", "create-update", "create-delete", "sync"',
      ]),
    );
    expect(errors).toHaveLength(6);
  });

  it('accepts an int-or-string as either and a null list item fails as its type', () => {
    const manifest: any = base();
    manifest.spec.template.spec.source.helm = { valueFiles: ['values.yaml', null] };
    manifest.spec.strategy = { type: 'RollingSync', rollingSync: { steps: [{ maxUpdate: '25%' }, { maxUpdate: 2 }] } };
    expect(admitApplicationSet(manifest).errors).toEqual([
      'spec.template.spec.source.helm.valueFiles[1]: Invalid value: "null": spec.template.spec.source.helm.valueFiles[1] in body must be of type string: "null"',
    ]);
  });

  it('aggregates the errors as the API server does', () => {
    expect(invalidMessage('a', ['x: Required value'])).toBe('ApplicationSet.argoproj.io "a" is invalid: x: Required value');
    expect(invalidMessage('a', ['x', 'y'])).toBe('ApplicationSet.argoproj.io "a" is invalid: [x, y]');
  });
});
