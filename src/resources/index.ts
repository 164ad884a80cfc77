import type { ResourceProps } from '@refinedev/core';

/**
 * The declared entities, one line each (architecture.md, "Declare once"). Empty for now:
 * issue 3 fills it with the resource folders under src/resources/.
 */
export const resources: ResourceProps[] = [];
