/**
 * drizzle-kit collects tables from a schema file's exports; declared resources build theirs at
 * load time, so this file hands drizzle-kit the managed ones (see server/resources/tables.ts).
 * Only drizzle-kit loads it (with its TypeScript loader); the server imports the tables directly.
 * CommonJS on purpose: an ES module cannot export names decided at run time.
 */
/* global module, require */
// eslint-disable-next-line @typescript-eslint/no-require-imports
module.exports = require('../resources/tables.ts').MANAGED_TABLES;
