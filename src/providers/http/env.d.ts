interface ImportMetaEnv {
  /** Base URL of the API; empty (the default) means the page's own origin. */
  readonly VITE_API_URL?: string;
}
