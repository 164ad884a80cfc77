import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../domain/constants';
import { storedThemeMode, ThemeModeContext, type ThemeMode } from './theme-mode';
import { useMediaQuery } from './use-media-query';

/**
 * Light, dark or follow the system (the product brief, section 2, Screens and routes), kept in localStorage as `appTheme`.
 * 'system' follows the OS preference live through a matchMedia listener.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(storedThemeMode);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const resolved = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;

  const setMode = useCallback((next: ThemeMode) => {
    localStorage.setItem(STORAGE_KEYS.theme, next);
    setModeState(next);
  }, []);

  // Native controls, scrollbars and the page behind the app follow the theme too.
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = resolved;
    root.style.colorScheme = resolved;
  }, [resolved]);

  const value = useMemo(() => ({ mode, resolved, setMode }), [mode, resolved, setMode]);
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}
