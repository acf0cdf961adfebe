import { z } from 'zod';

/*
 * What an agent's ApplicationSet controller reads besides clusters and git
 * (scenario part of an agent): the namespaces ApplicationSets may live in,
 * ConfigMaps in the Argo CD namespace (clusterDecisionResource and plugin
 * generators name one), duck-typed decision resources, and the answers of
 * plugin generator services.
 */

const labelValues = z.record(z.string());

/** A ConfigMap in the agent's Argo CD namespace. */
export const configMapSchema = z
  .object({
    name: z.string().min(1),
    data: z.record(z.string()).default({}),
  })
  .strict();

/**
 * A resource of the group/version/resource a clusterDecisionResource
 * ConfigMap names (`apiVersion`, `kind` as the plural resource name),
 * for example an OCM PlacementDecision.
 */
export const decisionResourceSchema = z
  .object({
    apiVersion: z.string().min(1),
    /** The plural resource name, as the ConfigMap's `kind` gives it (e.g. `placementdecisions`). */
    resource: z.string().min(1),
    metadata: z
      .object({
        name: z.string().min(1),
        labels: labelValues.optional(),
      })
      .strict(),
    status: z.record(z.unknown()).optional(),
  })
  .strict();

/** The answer of a plugin generator's service (`output.parameters` of getparams.execute). */
export const appSetPluginSchema = z
  .object({
    /** The ConfigMap whose `baseUrl` names the service. */
    configMap: z.string().min(1),
    parameters: z.array(z.record(z.unknown())).default([]),
  })
  .strict();

/** The ApplicationSet-controller part of an agent. */
export const agentAppSetFields = {
  /**
   * Namespaces besides the control plane's where the API accepts
   * ApplicationSets (Argo CD's `applicationsetcontroller.namespaces`).
   */
  applicationSetNamespaces: z.array(z.string().min(1)).optional(),
  configMaps: z.array(configMapSchema).optional(),
  /** Duck-typed resources a clusterDecisionResource generator lists. */
  decisionResources: z.array(decisionResourceSchema).optional(),
  /** Plugin generator services and what they answer. */
  appSetPlugins: z.array(appSetPluginSchema).optional(),
};

export type ConfigMapSpec = z.infer<typeof configMapSchema>;
export type DecisionResourceSpec = z.infer<typeof decisionResourceSchema>;
export type AppSetPluginSpec = z.infer<typeof appSetPluginSchema>;

/** An https/http URL, or an ssh remote (`git@host:owner/repo.git`, `ssh://...`). */
export const gitUrl = z
  .string()
  .min(1)
  .refine(
    url => /^(https?|ssh|git):\/\/[^\s/]+/.test(url) || /^[\w.-]+@[\w.-]+:[^\s]+$/.test(url),
    'must be an http(s), ssh:// or git@host:path repository URL',
  );
