import { createContext, useContext } from 'react';
import { STORAGE_KEYS } from '../../domain/constants';

export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export interface ThemeModeValue {
  /** What the user chose. */
  mode: ThemeMode;
  /** What is shown: 'system' resolved through prefers-color-scheme. */
  resolved: 'light' | 'dark';
  setMode: (mode: ThemeMode) => void;
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode needs ThemeModeProvider');
  return value;
}

export function storedThemeMode(): ThemeMode {
  const stored = localStorage.getItem(STORAGE_KEYS.theme);
  return (THEME_MODES as readonly string[]).includes(stored ?? '') ? (stored as ThemeMode) : 'system';
}
