import { useCallback, useEffect, useState } from 'react';
import type { ResourceDeclaration } from '../../domain/resources/types';
import { readPreference, writePreference } from './api';

interface ColumnPreference {
  hidden: string[];
}

/** Columns the declaration leaves off until the user shows them (`list: 'hidden'`). */
export const defaultHidden = (resource: ResourceDeclaration) =>
  Object.entries(resource.fields)
    .filter(([, field]) => field.list === 'hidden')
    .map(([key]) => key);

/**
 * The list's hidden columns, remembered per user on the server (`columns.<resource>`), so the
 * choice follows the user to another browser. Until the preference loads, the declaration's
 * defaults apply; a failed save keeps the local choice for this visit.
 */
export function useHiddenColumns(resource: ResourceDeclaration) {
  const key = `columns.${resource.name}`;
  const [hidden, setHidden] = useState<string[]>(() => defaultHidden(resource));

  useEffect(() => {
    let live = true;
    setHidden(defaultHidden(resource));
    readPreference<ColumnPreference>(key)
      .then((stored) => {
        if (live && stored && Array.isArray(stored.hidden)) setHidden(stored.hidden);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [key, resource]);

  const toggle = useCallback(
    (column: string, visible: boolean) => {
      const next = visible ? hidden.filter((c) => c !== column) : [...new Set([...hidden, column])];
      setHidden(next);
      writePreference<ColumnPreference>(key, { hidden: next }).catch(() => undefined);
    },
    [hidden, key],
  );

  return { hidden, toggle };
}
