import type { NavigateFunction, Location } from 'react-router';

/**
 * "Goes back" for a screen opened without the state it needs (product brief section 2: /checkout with no
 * plan, /success with no message). With no earlier entry in this tab (a pasted URL), history
 * has nowhere to go, so /settings stands in for it.
 */
export function goBack(navigate: NavigateFunction, location: Location): void {
  if (location.key !== 'default' && window.history.length > 1) void navigate(-1);
  else void navigate('/settings', { replace: true });
}
