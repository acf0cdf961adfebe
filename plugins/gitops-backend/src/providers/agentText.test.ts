import type { ArgoApplication, ArgoApplicationSet } from './argocd/argoCdTypes';
import { normalizeApplication } from './argocd/normalizeApplication';
import { normalizeApplicationSet } from './argocd/normalizeApplicationSet';
import { normalizeCluster } from './argocd/normalizeInventory';
import {
  normalizeEvents,
  normalizeLogEntry,
} from './argocd/normalizeResourceReads';
import { normalizeResourceTree } from './argocd/normalizeResources';
import { normalizeRevisionMetadata } from './argocd/normalizeRevisionMetadata';
import { normalizeHarnessAgent } from './harness/normalizeHarnessAgent';
import { readAgentErrorMessage } from './http/readAgentErrorMessage';

/*
 * Every text an agent supplies and the UI shows leaves the providers'
 * normalizers (which Argo CD and Harness share) without bidi overrides,
 * isolates and marks, and without control characters: a message that
 * reads `deploy ok` must not show other text than it holds. Multi-line text
 * keeps its line breaks and tabs.
 */
const RLO = '\u202E';
const ISOLATE = '\u2066';
const MARK = '\u200F';
/** Every character that must go, in one string. */
const HOSTILE = `${RLO}${ISOLATE}${MARK}\u061C\u0000\u0007\u001B\u0085`;
const dirty = (text: string) => `${HOSTILE}${text}${RLO}`;
const context = { agentId: 'a', agentKind: 'argocd', environments: [] };

describe('agent text, sanitized where providers normalize it', () => {
  it('application: operation, health, hydration-failure messages and initiator', () => {
    const raw: ArgoApplication = {
      metadata: { name: 'app' },
      spec: {
        sourceHydrator: {
          drySource: { repoURL: 'https://git/r', path: 'p' },
          syncSource: { targetBranch: 'env/dev', path: 'p' },
        },
      },
      status: {
        health: { status: 'Degraded', message: dirty('back-off\tpulling') },
        operationState: {
          phase: 'Failed',
          message: dirty('one or more objects failed\nto apply'),
          operation: { initiatedBy: { username: dirty('alice') } },
        },
        sourceHydrator: {
          currentOperation: {
            phase: 'Failed',
            message: dirty('failed to hydrate:\r\nexit status 1'),
          },
        },
      },
    } as ArgoApplication;
    const app = normalizeApplication(raw, context);
    expect(app.operation?.message).toBe('one or more objects failed\nto apply');
    expect(app.operation?.initiatedBy).toBe('alice');
    expect(app.health.message).toBe('back-off\tpulling');
    expect(app.sourceHydrator?.currentOperation?.message).toBe(
      'failed to hydrate:\nexit status 1',
    );
  });

  it('resource tree: health messages and info', () => {
    const tree = normalizeResourceTree({
      nodes: [
        {
          kind: 'Pod',
          name: 'p',
          health: { status: 'Degraded', message: dirty('CrashLoopBackOff') },
          info: [{ name: dirty('Status Reason'), value: dirty('Error') }],
        },
      ],
    });
    expect(tree.nodes[0].health?.message).toBe('CrashLoopBackOff');
    expect(tree.nodes[0].info).toEqual([
      { name: 'Status Reason', value: 'Error' },
    ]);
  });

  it('events and log lines (log lines keep their tabs)', () => {
    const [event] = normalizeEvents([
      {
        type: 'Warning',
        reason: dirty('BackOff'),
        message: dirty('Back-off restarting\nfailed container'),
        source: { component: dirty('kubelet') },
      },
    ]);
    expect(event).toMatchObject({
      reason: 'BackOff',
      message: 'Back-off restarting\nfailed container',
      source: 'kubelet',
    });
    const entry = normalizeLogEntry(
      { podName: 'p', content: dirty('level=info\tmsg=started') },
      'c',
    );
    expect(entry?.content).toBe('level=info\tmsg=started');
  });

  it('ApplicationSet conditions', () => {
    const set = normalizeApplicationSet(
      {
        metadata: { name: 's' },
        status: {
          conditions: [
            { type: 'ErrorOccurred', status: 'True', message: dirty('bad') },
          ],
        },
      } as ArgoApplicationSet,
      'a',
    );
    expect(set.conditions?.[0].message).toBe('bad');
  });

  it('commit metadata, cluster connection state, Harness components, agent errors', () => {
    const commit = normalizeRevisionMetadata('abc', {
      author: dirty('Mallory <m@example.com>'),
      message: dirty('fix: harmless\n\nreally'),
    });
    expect(commit.author).toBe('Mallory <m@example.com>');
    expect(commit.message).toBe('fix: harmless\n\nreally');
    const cluster = normalizeCluster(
      {
        server: 'https://k',
        connectionState: { status: 'Failed', message: dirty('refused') },
      },
      'a',
    );
    expect(cluster.connectionState.message).toBe('refused');
    const agent = normalizeHarnessAgent(
      {
        health: {
          connectionStatus: 'CONNECTED',
          argoRepoServer: { status: 'UNHEALTHY', message: dirty('oom') },
        },
      },
      { agentId: 'h', kind: 'harness', agentIdentifier: 'x' },
      '2024-01-01T00:00:00Z',
    );
    expect(agent.components?.[0].message).toBe('oom');
    expect(readAgentErrorMessage({ message: dirty('permission denied') })).toBe(
      'permission denied',
    );
  });
});
