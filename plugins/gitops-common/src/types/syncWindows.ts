/**
 * A project sync window: when syncs may (allow) or may not (deny) run.
 * @public
 */
export interface SyncWindow {
  kind: 'allow' | 'deny';
  /** Cron schedule of the window's start. */
  schedule: string;
  /** How long the window lasts (`1h`, `30m`). */
  duration: string;
  applications?: string[];
  namespaces?: string[];
  clusters?: string[];
  /** Whether manual syncs are allowed while the window denies. */
  manualSync?: boolean;
  timeZone?: string;
  /** Whether the window is in effect now. */
  active?: boolean;
}
