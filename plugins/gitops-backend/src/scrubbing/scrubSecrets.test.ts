import { REDACTED, scrubAndSeal, scrubSecrets, sealLike } from './scrubSecrets';

describe('scrubSecrets', () => {
  it('redacts repository and cluster credentials at any depth', () => {
    const input = {
      items: [
        {
          repo: 'https://git.example.com/a.git',
          username: 'bot',
          password: 'hunter22',
          sshPrivateKey: '-----BEGIN OPENSSH PRIVATE KEY-----abc',
          tlsClientCertKey: 'key',
          githubAppPrivateKey: 'gh-key',
        },
        {
          server: 'https://k8s.example.com',
          config: {
            bearerToken: 'eyJhbGciOi',
            tlsClientConfig: {
              keyData: 'a2V5',
              certData: 'Y2VydA==',
              caData: 'ca',
            },
            execProviderConfig: { command: 'aws', args: ['token'] },
          },
        },
      ],
    };
    const out = scrubSecrets(input);
    expect(out.items[0]).toEqual({
      repo: 'https://git.example.com/a.git',
      username: 'bot',
      password: REDACTED,
      sshPrivateKey: REDACTED,
      tlsClientCertKey: REDACTED,
      githubAppPrivateKey: REDACTED,
    });
    expect(out.items[1].config).toEqual({
      bearerToken: REDACTED,
      tlsClientConfig: {
        keyData: REDACTED,
        certData: REDACTED,
        caData: REDACTED,
      },
      execProviderConfig: REDACTED,
    });
    // the input is left alone
    expect(input.items[0].password).toBe('hunter22');
  });

  it('keeps empty secret fields empty', () => {
    expect(scrubSecrets({ password: '', token: null })).toEqual({
      password: '',
      token: null,
    });
  });

  it('redacts Secret data, also inside JSON strings and last-applied annotations', () => {
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: 's',
        annotations: {
          'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({
            apiVersion: 'v1',
            kind: 'Secret',
            data: { password: 'cGFzcw==' },
          }),
        },
      },
      data: { password: 'cGFzcw==', user: 'dXNlcg==' },
      stringData: { token: 'plain' },
    };
    const diff = {
      items: [
        {
          kind: 'Secret',
          targetState: JSON.stringify(secret),
          liveState: secret,
        },
      ],
    };
    const out = scrubSecrets(diff);
    const text = JSON.stringify(out);
    expect(text).not.toContain('cGFzcw==');
    expect(text).not.toContain('dXNlcg==');
    expect(text).not.toContain('plain');
    const live = out.items[0].liveState as typeof secret;
    expect(live.data).toEqual({ password: REDACTED, user: REDACTED });
    expect(JSON.parse(out.items[0].targetState).data.user).toBe(REDACTED);
  });

  it('leaves ConfigMap data alone', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', data: { a: 'b' } };
    expect(scrubSecrets(cm)).toEqual(cm);
  });

  it('removes known credential values wherever they appear', () => {
    const out = scrubSecrets(
      { message: 'failed with token s3cr3t-token-value in header' },
      ['s3cr3t-token-value'],
    );
    expect(out.message).toBe(`failed with token ${REDACTED} in header`);
  });

  it('removes the password of a URL with credentials, keeping the user', () => {
    const out = scrubSecrets({
      repo: 'https://bot:hunter2-pass@git.example.com/acme/deploy.git',
      ssh: 'ssh://git@github.com/acme/deploy.git',
    });
    expect(out.repo).toBe(
      `https://bot:${REDACTED}@git.example.com/acme/deploy.git`,
    );
    expect(out.ssh).toBe('ssh://git@github.com/acme/deploy.git');
  });

  it('passes values sealed with the same list through without a second walk', () => {
    const secrets = ['known-token-0001'];
    const sealed = scrubAndSeal(
      {
        repo: 'https://bot:pw-123456@git.example.com/a.git',
        note: 'uses known-token-0001',
        nested: { password: 'hunter22' },
      },
      secrets,
    );
    expect(sealed).toEqual({
      repo: `https://bot:${REDACTED}@git.example.com/a.git`,
      note: `uses ${REDACTED}`,
      nested: { password: REDACTED },
    });
    const answer = scrubSecrets(
      { items: [sealed], extra: { token: 't' } },
      secrets,
    );
    expect(answer.items[0]).toBe(sealed);
    expect(answer.extra).toEqual({ token: REDACTED });
    // a shallow copy with a clean field added keeps the seal
    const copy = sealLike({ ...sealed, applicationSet: 'set' }, sealed);
    expect(scrubSecrets(copy, secrets)).toBe(copy);
    // a plain copy is walked again (only the sealed value itself is skipped)
    const plain = scrubSecrets({ ...sealed }, secrets);
    expect(plain).not.toBe(sealed);
    expect(plain).toEqual(sealed);
  });

  it('walks sealed values again for another list of known secrets', () => {
    const sealed = scrubAndSeal({ note: 'a-secret-value' }, []);
    const other = scrubSecrets({ v: sealed }, ['a-secret-value']);
    expect(other.v).not.toBe(sealed);
    expect(other.v.note).toBe(REDACTED);
  });

  it('walks log lines that are JSON arrays as it walks JSON objects', () => {
    const line = '[{"user":"x","password":"hunter2"},{"token":"t0k3n"}]';
    const out = scrubSecrets({ content: line });
    expect(out.content).not.toContain('hunter2');
    expect(out.content).not.toContain('t0k3n');
    expect(JSON.parse(out.content)).toEqual([
      { user: 'x', password: REDACTED },
      { token: REDACTED },
    ]);
    // a line that only starts like one is left as it is
    expect(scrubSecrets('[2024-05-01 12:00:00] INFO started')).toBe(
      '[2024-05-01 12:00:00] INFO started',
    );
  });

  it('redacts the value of KEY=value lines whose key names a secret', () => {
    const cases: Array<[string, string]> = [
      ['DB_PASSWORD=value', `DB_PASSWORD=${REDACTED}`],
      ['API_TOKEN=abc.def-123', `API_TOKEN=${REDACTED}`],
      [
        'export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG+bPxRfiCY==',
        `export AWS_SECRET_ACCESS_KEY=${REDACTED}`,
      ],
      ['GITHUB_TOKEN="with spaces" next', `GITHUB_TOKEN=${REDACTED} next`],
      ["client_secret='abc' done", `client_secret=${REDACTED} done`],
      [
        'level=info user=bob password=hunter2 msg="login"',
        `level=info user=bob password=${REDACTED} msg="login"`,
      ],
      [
        '  --db-password=s3cret --port=5432',
        `  --db-password=${REDACTED} --port=5432`,
      ],
      ['GET /cb?access_token=abc', `GET /cb?access_token=${REDACTED}`],
      [
        'body={"user":"x","password":"hu\\"nter2"}',
        `body={"user":"x","password":"${REDACTED}"}`,
      ],
    ];
    for (const [line, expected] of cases) {
      expect(scrubSecrets(line)).toBe(expected);
    }
  });

  it('leaves assignments and comparisons that name no secret alone', () => {
    for (const line of [
      'REPLICAS=3 CreateNamespace=true',
      'if token == null',
      'DB_PASSWORD=',
      'selector app=payments,tier=web',
    ]) {
      expect(scrubSecrets(line)).toBe(line);
    }
  });
});
