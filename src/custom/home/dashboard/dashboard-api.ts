/**
 * The home dashboard's data (GET /api/Home/dashboard, server/modules/home) through Refine's
 * useCustom. The server answers for the caller's selected business; live changes are not pushed,
 * so the figures refresh when the page is opened again or the tab regains focus.
 */
import { useCustom } from '@refinedev/core';
import { HOME_API, type HomeDashboard } from '../../../domain/home/dashboard';

export function useHomeDashboard() {
  const { query } = useCustom<HomeDashboard>({
    url: HOME_API.dashboard,
    method: 'get',
    queryOptions: { retry: false },
    // The page shows the error itself, in its words, with a retry.
    errorNotification: false,
  });
  return {
    dashboard: (query.data?.data as HomeDashboard | undefined) ?? null,
    loading: query.isLoading,
    error: query.error,
    retry: () => void query.refetch(),
  };
}
