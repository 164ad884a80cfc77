/**
 * The answer of GET /api/AdminAccount/system-status (server/modules/admin/system-status.ts);
 * StatusPage reads it through Refine's useCustom.
 */
export type CheckState = 'up' | 'down' | 'unconfigured';
export type CheckName = 'database' | 'mail' | 'storage' | 'hub';

export interface StatusCheck {
  name: CheckName;
  state: CheckState;
  latencyMs: number | null;
  detail: Record<string, string | number | boolean | null>;
}

export interface SystemStatus {
  checkedAt: string;
  uptimeSeconds: number;
  memoryMb: number;
  node: string;
  checks: StatusCheck[];
}
