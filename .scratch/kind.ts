import * as K from '../server/modules/documents/asked-kind.js';
for (const q of process.argv.slice(2)) {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(K)) if (typeof f === 'function' && f.length === 1) try { out[k] = (f as (s: string) => unknown)(q); } catch {}
  console.log(q, JSON.stringify(out));
}
