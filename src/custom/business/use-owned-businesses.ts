import { useCustom, useCustomMutation } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { BUSINESSES_API } from '../../domain/business/api';
import type { OwnedBusiness } from '../../domain/business/businesses';
import type { UserData } from '../../domain/user';
import { setSelectedBusiness, updateSession } from '../../providers/session';

/**
 * The businesses the signed-in owner owns, and switching between them. A switch is the server's
 * (PATCH select business sets the business every call is scoped to); then the stored session
 * and `selected-business` follow, and every cached query is invalidated so each open screen
 * re-reads its data for the new business.
 */
export function useOwnedBusinesses() {
  const queryClient = useQueryClient();
  const { query } = useCustom<OwnedBusiness[]>({ url: BUSINESSES_API.mine, method: 'get', errorNotification: false });
  const { mutateAsync, mutation } = useCustomMutation<UserData>();
  const data = query.data?.data;
  const businesses: OwnedBusiness[] = Array.isArray(data) ? data : [];

  const switchTo = async (businessId: string) => {
    const { data: user } = await mutateAsync({
      url: BUSINESSES_API.select,
      method: 'patch',
      values: { businessId },
      successNotification: false,
      errorNotification: false,
    });
    updateSession({ userData: user });
    if (user.business)
      setSelectedBusiness({
        businessId: user.business.id,
        businessName: user.business.companyName,
        businessStatus: user.business.status,
      });
    await queryClient.invalidateQueries();
  };

  return {
    businesses,
    current: businesses.find((b) => b.selected) ?? null,
    query,
    switchTo,
    switching: mutation.isPending,
  };
}
