/** Types for server-build.mjs (the server bundle `npm start` and the browser tests run). */
export declare const SERVER_BUILD_DIR: string;
export declare const SERVER_ENTRY: string;
export declare function serverBuildIsStale(): boolean;
export declare function buildServer(): Promise<void>;
/** Builds when stale; true when it built. */
export declare function ensureServerBuild(): Promise<boolean>;
