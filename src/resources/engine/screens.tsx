import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ResourceDeclaration } from '../../domain/resources/types';
import type { ScreenKind } from '../route-rules';
import { OWN_SCREENS, type OwnScreens } from '../own-screens';

type Screen = ComponentType<{ resource: ResourceDeclaration }>;

// Each generated screen is its own chunk, loaded when its route is first opened.
const GENERATED: Record<ScreenKind, LazyExoticComponent<Screen>> = {
  list: lazy(() => import('./ResourceList')),
  create: lazy(() => import('./ResourceForm').then((m) => ({ default: m.ResourceCreate }))),
  edit: lazy(() => import('./ResourceForm').then((m) => ({ default: m.ResourceEdit }))),
  show: lazy(() => import('./ResourceShow')),
};

const custom = new Map<string, LazyExoticComponent<Screen>>();

/** A resource's own screen (src/resources/own-screens.ts) when it has one, else the generated one. */
export function screenFor(
  resource: ResourceDeclaration,
  kind: ScreenKind,
  own: OwnScreens | undefined = OWN_SCREENS[resource.name],
): LazyExoticComponent<Screen> {
  const load = own?.[kind];
  if (!load) return GENERATED[kind];
  const key = `${resource.name}:${kind}`;
  let screen = custom.get(key);
  if (!screen) {
    screen = lazy(load as () => Promise<{ default: Screen }>);
    custom.set(key, screen);
  }
  return screen;
}

/** The route element of a resource screen; keyed so two resources never share a list's state. */
export function ResourceScreen({
  resource,
  kind,
  own,
}: {
  resource: ResourceDeclaration;
  kind: ScreenKind;
  own?: OwnScreens;
}) {
  const Screen = screenFor(resource, kind, own ?? OWN_SCREENS[resource.name]);
  return <Screen key={`${resource.name}:${kind}`} resource={resource} />;
}
