import fs from 'node:fs';
import path from 'node:path';
import { Router } from '../http/Router';
import { SDK_OPERATIONS_FILE, routerPattern, sdkOperation, sdkOperations } from './sdkOperations';

/* The sandbox's copy of the SDK's operations, and the routes made from it. */
const REFERENCE = path.resolve(
  path.dirname(require.resolve('@gitops-suite/sandbox-agent/package.json')),
  '../../../shared/reference/harness/sdk-operations.json',
);

/*
 * A published package's tests run without the reference beside them: the
 * comparison is then skipped, visibly, and never under CI, which has it.
 */
const withReference = fs.existsSync(REFERENCE) || process.env.CI === 'true' ? describe : describe.skip;

withReference(`the sandbox's copy of ${REFERENCE}`, () => {
  it('is byte-identical', () => {
    const copy = fs.readFileSync(SDK_OPERATIONS_FILE);
    const reference = fs.readFileSync(REFERENCE);
    expect(copy.equals(reference)).toBe(true);
  });
});

describe('the Harness Go SDK operations the sandbox serves by', () => {
  it('are the 107 GitOps operations, each found by its function name', () => {
    expect(sdkOperations()).toHaveLength(107);
    expect(sdkOperation('ApplicationSetServiceList')).toMatchObject({ method: 'POST', requiredQuery: [] });
    expect(() => sdkOperation('ApplicationSetServiceLits')).toThrow(
      /the Harness Go SDK has no operation ApplicationSetServiceLits/,
    );
  });

  it('give each operation a router pattern that its own paths match, with the last name of each parameter', () => {
    const op = sdkOperation('AgentApplicationServiceManagedResources');
    expect(routerPattern(op)).toBe('/gitops/api/v1/agents/:agentIdentifier/applications/:applicationName/managed-resources');
    for (const each of sdkOperations()) {
      const router = new Router().add(each.method, routerPattern(each), () => ({ status: 204, body: '' }));
      const sample = each.path.replace(/\{[^}]+\}/g, 'x');
      expect(router.match(each.method, sample).params).toEqual(
        Object.fromEntries(each.pathParams.map(p => [p.split('.').pop(), 'x'])),
      );
    }
  });
});
