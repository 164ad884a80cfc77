import { Button, type ButtonProps } from 'antd';
import { useLogout } from '@refinedev/core';

/** Signs out through Refine's auth provider; the app then routes to /login with a toast. */
export function LogoutButton({ children, ...props }: ButtonProps) {
  const { mutate, isPending } = useLogout();
  return (
    <Button {...props} loading={isPending} onClick={() => mutate()}>
      {children}
    </Button>
  );
}
