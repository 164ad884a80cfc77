export declare function findPostgresBin(): string | null;
export declare function freePort(): Promise<number>;
export declare function startPostgres(): Promise<{ url: string; port: number; version: string; stop(): void } | null>;
