/**
 * antd's per-icon ES modules (`@ant-design/icons/es/icons/TeamOutlined`), which ship without
 * type declarations of their own; src/ui/sidebar-icons.tsx imports them one by one.
 */
declare module '@ant-design/icons/es/icons/*' {
  import type { ComponentType } from 'react';

  const Icon: ComponentType<{ 'aria-hidden'?: boolean }>;
  export default Icon;
}
