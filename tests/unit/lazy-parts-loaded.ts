/**
 * The lazy parts a screen under test often begins loading and a test does not wait for (the date
 * box of a generated form, a campaign or a report; the form builder's preview; a list's range
 * filters), imported once per worker before its first file. The files of a worker share their
 * modules (isolate: false) but each has its own window: a load still on its way when its file ended
 * was cut off with that window ("Cannot load '/src/ui/forms/zoned-pickers.ts' … after the
 * environment was torn down"), and the cut-off load stayed in the shared module graph, so every
 * later file of the worker that imported the module failed before its first test (seen in full
 * unit runs on a loaded machine: forms-save-version's preview cut, then date-input, forms-date-field,
 * the form renderer's files and others failed). Loaded here, those lazy imports find the module
 * ready and never load mid-teardown. The cost: the unit step ~6 s longer (62 → 68 s on an idle
 * machine), the price of never losing a worker's later files to one cut-off load.
 */
await Promise.all([
  import('../../src/resources/engine/DateInput'),
  import('../../src/resources/engine/DateRangeFilter'),
  import('../../src/resources/engine/RangeFilter'),
  import('../../src/custom/forms/renderer/FormRenderer'),
]);

export {};
