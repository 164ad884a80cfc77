/** The areas that have strings of their own (scripts/vite-area-locales.ts writes this module). */
declare module 'virtual:area-locales' {
  /** Folder names under src/custom with a locales/en.json, sorted; each is an i18next namespace. */
  export const AREA_NAMESPACES: readonly string[];
}
