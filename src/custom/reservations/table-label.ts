/**
 * A reservation's table as the screens name it: its name in the saved floor plan, or `removed`
 * ("Removed table") when the owner has taken it off the plan since the booking was made; never
 * its id. Empty while the plan is still on its way.
 */
export function tableLabel(tables: readonly { id: string; name: string }[] | undefined, id: string, removed: string) {
  if (!tables) return '';
  return tables.find((x) => x.id === id)?.name ?? removed;
}
