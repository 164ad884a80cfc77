/** The tree's sort, kept per person in this browser (product brief sections 4 and 9). */
import { useState } from 'react';
import { isSortMode, type SortMode } from '../../domain/files/sort';
import { useSession } from '../../providers/use-session';

export function useSortMode(): [SortMode, (mode: SortMode) => void] {
  const key = `files-sort:${useSession()?.userData.email ?? ''}`;
  const [mode, setMode] = useState<SortMode>(() => {
    const stored = localStorage.getItem(key);
    return isSortMode(stored) ? stored : 'folder';
  });
  return [
    mode,
    (next) => {
      localStorage.setItem(key, next);
      setMode(next);
    },
  ];
}
