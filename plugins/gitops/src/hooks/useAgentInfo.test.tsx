import { TestApiProvider } from '@backstage/test-utils';
import { renderHook, waitFor } from '@testing-library/react';
import { ReactNode } from 'react';
import { gitopsApiRef, type GitOpsApi } from '../api';
import { testGitOpsApi } from '../__testUtils__/testGitOpsApi';
import { AGENT_LIST_REUSE_MS, useAgentInfo } from './useAgentInfo';

const agent = (id: string, argoCdVersion: string) => ({
  id,
  kind: 'argocd' as const,
  status: { agentId: id, argoCdVersion } as any,
});

/** An API whose agent list is counted, with two agents on two releases. */
function countingApi() {
  const reads = { count: 0 };
  const api = testGitOpsApi({
    getAgents: async () => {
      reads.count++;
      return {
        items: [agent('hub', 'v3.1.0'), agent('edge', 'v2.14.2')],
      } as any;
    },
  });
  return { api, reads };
}

function inApp(api: GitOpsApi) {
  return ({ children }: { children: ReactNode }) => (
    <TestApiProvider apis={[[gitopsApiRef, api]]}>{children}</TestApiProvider>
  );
}

describe('useAgentInfo', () => {
  afterEach(() => jest.restoreAllMocks());

  it('serves the drawers opened within a minute from one agent list, and reads it again after', async () => {
    const { api, reads } = countingApi();
    const wrapper = inApp(api);
    const first = renderHook(() => useAgentInfo('edge'), { wrapper });
    await waitFor(() => expect(first.result.current).toBeDefined());
    expect(first.result.current?.agent.id).toBe('edge');
    expect(first.result.current?.olderArgoCd).toMatch(
      /^Argo CD 2.14 runs on edge/,
    );

    const second = renderHook(() => useAgentInfo('hub'), { wrapper });
    await waitFor(() => expect(second.result.current?.agent.id).toBe('hub'));
    expect(reads.count).toBe(1);

    const later = Date.now() + AGENT_LIST_REUSE_MS + 1;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    const third = renderHook(() => useAgentInfo('hub'), { wrapper });
    await waitFor(() => expect(third.result.current?.agent.id).toBe('hub'));
    expect(reads.count).toBe(2);
  });

  it('does not keep a failed read: the next view asks again', async () => {
    let fail = true;
    let reads = 0;
    const api = testGitOpsApi({
      getAgents: async () => {
        reads++;
        if (fail) throw new Error('agents unavailable');
        return { items: [agent('hub', 'v3.1.0')] } as any;
      },
    });
    const wrapper = inApp(api);
    const failed = renderHook(() => useAgentInfo('hub'), { wrapper });
    await waitFor(() => expect(reads).toBe(1));
    expect(failed.result.current).toBeUndefined();
    fail = false;
    const next = renderHook(() => useAgentInfo('hub'), { wrapper });
    await waitFor(() => expect(next.result.current?.agent.id).toBe('hub'));
    expect(reads).toBe(2);
  });
});
