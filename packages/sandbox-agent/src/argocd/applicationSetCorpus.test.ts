import { startSandbox, Sandbox } from '../startSandbox';
import { TestResponse, argoClient } from '../testing/testClients';
import {
  CorpusEntry,
  CorpusExpectation,
  REAL_WORLD_CORPUS_SCENARIO,
  loadRealWorldCorpus,
  valueAt,
} from '../testing/realWorldCorpus';

jest.setTimeout(60_000);

/*
 * The real-world ApplicationSet corpus through the sandbox's Argo CD API:
 * generate, dry-run create, create, the stored conditions and Applications,
 * fields of the generated Applications, and delete. What the sandbox does
 * is gathered into one record per file and compared with the outcome
 * derived from Argo CD's source in `<name>.expected.yaml`.
 */
const corpus = loadRealWorldCorpus();

const names = (apps: any[]) => apps.map(a => String(a.metadata?.name ?? a.name)).sort();
const unique = (list: string[]) => [...new Set(list)].sort();

/** A refusal as observed: status and message. */
const refusal = (res: TestResponse) => ({ refused: { status: res.status, message: res.json?.message } });

/** The refusal an expectation describes, matching the observed form. */
const expectedRefusal = (r: { status: number; message: string }) => ({
  refused: { status: r.status, message: expect.stringContaining(r.message) },
});

function fieldsOf(apps: any[], wanted: CorpusExpectation['fields']) {
  return Object.fromEntries(
    Object.entries(wanted ?? {}).map(([name, fields]) => {
      const app = apps.find(a => a.metadata.name === name);
      return [name, Object.fromEntries(Object.keys(fields).map(p => [p, valueAt(app, p) ?? null]))];
    }),
  );
}

/** What the corpus file should give, in the shape `observe` records. */
function expectedRecord(expected: CorpusExpectation) {
  const generated = expected.generated;
  const accepted = expected.create === 'accepted';
  return {
    generated: Array.isArray(generated) ? { accepted: [...generated].sort() } : expectedRefusal(generated.refused),
    fields: Array.isArray(generated) ? expected.fields ?? {} : {},
    dryRun: Array.isArray(generated) ? { accepted: unique(generated) } : expectedRefusal(generated.refused),
    storedAfterDryRun: false,
    create: expected.create === 'accepted' ? { accepted: true } : expectedRefusal(expected.create.refused),
    conditions: accepted
      ? Object.fromEntries(
          Object.entries(expected.conditions ?? {}).map(([type, c]) => [
            type,
            { status: c.status, reason: c.reason, message: c.message ? expect.stringContaining(c.message) : expect.any(String) },
          ]),
        )
      : {},
    resources: accepted ? [...(expected.applications ?? [])].sort() : [],
    owned: accepted ? [...(expected.applications ?? [])].sort() : [],
    ownedAfterDelete: [],
    storedAfterDelete: false,
  };
}

describe('the real-world ApplicationSet corpus on the sandbox', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ scenarioPath: REAL_WORLD_CORPUS_SCENARIO, log: () => {} });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  async function observe(entry: CorpusEntry) {
    const agent = sandbox.agents.find(a => a.id === entry.expected.agent);
    if (!agent) throw new Error(`${entry.name}: no agent ${entry.expected.agent} in the scenario`);
    const argo = argoClient(agent);
    const { manifest } = entry;
    const setName = manifest.metadata.name;
    const ns = manifest.metadata.namespace ? `?appsetNamespace=${manifest.metadata.namespace}` : '';
    const stored = async () => (await argo.get(`/api/v1/applicationsets/${setName}${ns}`)).status === 200;
    const owned = async () => {
      const list = await argo.get('/api/v1/applications');
      return names(
        (list.json.items ?? []).filter((a: any) =>
          (a.metadata.ownerReferences ?? []).some((o: any) => o.kind === 'ApplicationSet' && o.name === setName),
        ),
      );
    };

    const generated = await argo.post('/api/v1/applicationsets/generate', { applicationSet: manifest });
    const generatedApps: any[] = generated.status === 200 ? generated.json.applications : [];
    const dry = await argo.post('/api/v1/applicationsets?dryRun=true', manifest);
    const storedAfterDryRun = await stored();
    const created = await argo.post('/api/v1/applicationsets', manifest);
    const accepted = created.status === 200;
    const record = {
      generated: generated.status === 200 ? { accepted: names(generatedApps) } : refusal(generated),
      fields: fieldsOf(generatedApps, entry.expected.fields),
      dryRun: dry.status === 200 ? { accepted: names(dry.json.status.resources ?? []) } : refusal(dry),
      storedAfterDryRun,
      create: accepted ? { accepted: true } : refusal(created),
      conditions: accepted
        ? Object.fromEntries(
            (created.json.status.conditions ?? []).map((c: any) => [c.type, { status: c.status, reason: c.reason, message: c.message }]),
          )
        : {},
      resources: accepted ? names(created.json.status.resources ?? []) : [],
      owned: await owned(),
      ownedAfterDelete: [] as string[],
      storedAfterDelete: false,
    };
    if (accepted) await argo.delete(`/api/v1/applicationsets/${setName}${ns}`);
    record.ownedAfterDelete = await owned();
    record.storedAfterDelete = await stored();
    return record;
  }

  it('holds 30 or more files, each with provenance and a derived outcome', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(corpus.filter(e => !/^[\w.-]+\/[\w.-]+$/.test(e.source.repo) || e.manifest.kind !== 'ApplicationSet')).toEqual([]);
    expect(corpus.filter(e => e.expected.derivation.length < 40).map(e => e.name)).toEqual([]);
  });

  it.each(corpus.map(e => [e.name, e] as const))('%s', async (_name, entry) => {
    expect(await observe(entry)).toEqual(expectedRecord(entry.expected));
  });
});
