/** Each loop of imports under `folders` (paths relative to `root`), its files sorted; none: []. */
export declare function importCycles(root: string, folders: string[]): string[][];
