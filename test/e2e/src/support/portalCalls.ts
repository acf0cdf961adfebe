/**
 * Polls until the value satisfies the predicate; returns the last value. A
 * read that throws (a kept-alive connection the backend closed meanwhile)
 * is tried again; the last error is thrown when time runs out.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await read();
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (value !== undefined && (done(value) || Date.now() > deadline)) {
      return value;
    }
    await new Promise(r => setTimeout(r, 500));
  }
}

/** The guest's token, for checking what the portal's API answers. */
export async function guestToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/guest/refresh?env=development`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body = await res.json();
  return body.backstageIdentity.token;
}

/**
 * The environments the portal knows `agentId` serves (its agents read),
 * once they include every one of `environments` or after a minute.
 */
export async function agentServes(
  baseUrl: string,
  agentId: string,
  environments: string[],
): Promise<string[]> {
  const token = await guestToken(baseUrl);
  return eventually(
    async () => {
      const res = await fetch(`${baseUrl}/api/gitops/agents`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { items } = (await res.json()) as {
        items: Array<{ id: string; serves?: Array<{ environment: string }> }>;
      };
      return (items.find(a => a.id === agentId)?.serves ?? []).map(
        s => s.environment,
      );
    },
    served => environments.every(e => served.includes(e)),
    60_000,
  );
}
