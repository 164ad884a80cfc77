import { createElement } from 'react';
import type { ResourceProps } from '@refinedev/core';
import type { ResourceDeclaration } from '../domain/resources/types';
import { SidebarIcon } from '../ui/sidebar-icons';
import { RESOURCES } from './registry';

/**
 * Refine's resources, one per declaration in src/resources/registry.ts (docs/architecture.md,
 * "Declare once"): routes with a leading slash, the label's i18n key and the menu icon. The
 * screens themselves are routed in src/custom/routes/main-routes.tsx.
 */
export function toRefineResource(resource: ResourceDeclaration): ResourceProps {
  const route = (path: string | undefined) => (path ? `/${path}` : undefined);
  return {
    name: resource.name,
    list: route(resource.routes.list),
    create: route(resource.routes.create),
    edit: route(resource.routes.edit),
    show: route(resource.routes.show),
    meta: {
      label: `resources.${resource.name}.name`,
      icon: createElement(SidebarIcon, { name: resource.menu?.icon ?? 'appstore' }),
      canDelete: resource.access.delete.length > 0,
    },
  };
}

export const resources: ResourceProps[] = RESOURCES.map(toRefineResource);
