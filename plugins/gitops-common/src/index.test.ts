import * as common from './index';

describe('@gitops-suite/plugin-gitops-common', () => {
  it('exports the runtime names other packages build against', () => {
    expect(Object.keys(common).sort()).toEqual(
      [
        'AGENT_ERROR_CODES',
        'ARGOCD_ANNOTATION_APP_NAME',
        'ARGOCD_ANNOTATION_APP_SELECTOR',
        'ARGOCD_ANNOTATION_INSTANCE_NAME',
        'ARGOCD_ANNOTATION_PROJECT_NAME',
        'GITOPS_ANNOTATION_AGENTS',
        'GITOPS_ANNOTATION_APPLICATIONSET',
        'GITOPS_ANNOTATION_APP_NAME',
        'GITOPS_ANNOTATION_APP_SELECTOR',
        'GITOPS_ANNOTATION_PROJECT',
        'GITOPS_ANNOTATION_SERVICE',
        'GITOPS_ENABLING_ANNOTATIONS',
        'GITOPS_LABEL_ENVIRONMENT',
        'GITOPS_LABEL_SERVICE',
        'HARNESS_LABEL_ENV_REF',
        'HARNESS_LABEL_SERVICE_REF',
        'HEALTH_STATUSES',
        'OPERATION_PHASES',
        'OTHER_ENVIRONMENTS',
        'SYNC_STATUSES',
        'applicationKey',
        'applicationMatchesQuery',
        'configuredEnvironmentName',
        'createApplicationMatcher',
        'deployedRevision',
        'environmentTitle',
        'filterFleetApplications',
        'formatLabelSelector',
        'getGitOpsEntityQuery',
        'gitopsApplicationReadPermission',
        'gitopsApplicationRefreshPermission',
        'gitopsApplicationRollbackPermission',
        'gitopsApplicationSetAdminPermission',
        'gitopsApplicationSetCreatePermission',
        'gitopsApplicationSyncPermission',
        'gitopsAuditReadPermission',
        'gitopsFleetReadPermission',
        'gitopsPermissions',
        'gitopsProxyPermission',
        'gitopsSignalChannels',
        'groupByEnvironment',
        'historyEntryRevision',
        'isDrifting',
        'isGitOpsAvailable',
        'isValidLabelKey',
        'isValidLabelValue',
        'matchesEnvironmentMatcher',
        'matchesLabelSelector',
        'parseApplicationKey',
        'parseLabelSelector',
        'resolveEnvironment',
        'shortRevision',
        'sortEnvironments',
        'stripHarnessScope',
        'summarizeFleet',
      ].sort(),
    );
  });

  it('has the annotation and label values of the design', () => {
    expect(common.GITOPS_ANNOTATION_SERVICE).toBe('gitops/service');
    expect(common.GITOPS_ANNOTATION_APP_SELECTOR).toBe('gitops/app-selector');
    expect(common.GITOPS_ANNOTATION_APP_NAME).toBe('gitops/app-name');
    expect(common.GITOPS_ANNOTATION_AGENTS).toBe('gitops/agents');
    expect(common.GITOPS_ANNOTATION_PROJECT).toBe('gitops/project');
    expect(common.GITOPS_ANNOTATION_APPLICATIONSET).toBe(
      'gitops/applicationset',
    );
    expect(common.ARGOCD_ANNOTATION_APP_NAME).toBe('argocd/app-name');
    expect(common.ARGOCD_ANNOTATION_APP_SELECTOR).toBe('argocd/app-selector');
    expect(common.ARGOCD_ANNOTATION_INSTANCE_NAME).toBe('argocd/instance-name');
    expect(common.ARGOCD_ANNOTATION_PROJECT_NAME).toBe('argocd/project-name');
    expect(common.GITOPS_LABEL_SERVICE).toBe('gitops/service');
    expect(common.GITOPS_LABEL_ENVIRONMENT).toBe('gitops/environment');
    expect(common.HARNESS_LABEL_SERVICE_REF).toBe('harness.io/serviceRef');
    expect(common.HARNESS_LABEL_ENV_REF).toBe('harness.io/envRef');
  });

  it('lists the status codes', () => {
    expect(common.SYNC_STATUSES).toEqual(['Synced', 'OutOfSync', 'Unknown']);
    expect(common.HEALTH_STATUSES).toEqual([
      'Healthy',
      'Progressing',
      'Degraded',
      'Suspended',
      'Missing',
      'Unknown',
    ]);
  });
});
