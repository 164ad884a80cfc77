/** GET /api/AdminAccount/system-status (server/modules/admin/system-status.ts). */
import { API } from '../../domain/api-paths';
import { http } from '../../providers/http';

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

export async function fetchSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  const { data } = await http.get<SystemStatus>(API.systemStatus, { signal });
  return data;
}
