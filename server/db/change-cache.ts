/**
 * Read results kept in memory, grouped (a venue's rows are one group), forgotten when the
 * database says the group changed (change-listener.ts). The rules that keep it from answering
 * what the database would not, the same as the session cache's:
 *  - An entry lasts TTL_MS at most, even if no change is ever heard.
 *  - A read that began before a change is never stored after it: `begin` returns the
 *    generations seen when the read began, and `set` stores only if neither has moved since
 *    (a forget of the group or of everything moves them).
 *  - While changes might go unheard (the listening connection is down) nothing is remembered.
 * Readers that miss the same key at once share one read (after a change, 50 screens asking for
 * the same night cost one read, not 50), but only readers that began since the same change.
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

interface Entry<V> {
  group: string;
  value: V;
  storedAt: number;
}

/** What `begin` saw; hand it back to `set`. */
export interface ReadMark {
  readonly all: number;
  readonly group: number;
}

export class ChangeCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly groups = new Map<string, number>();
  private readonly pending = new Map<string, { mark: ReadMark; read: Promise<V> }>();
  private all = 0;
  private enabled: boolean;

  constructor(
    private readonly now: () => number,
    options: { enabled: boolean },
  ) {
    this.enabled = options.enabled;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  begin(group: string): ReadMark {
    return { all: this.all, group: this.groups.get(group) ?? 0 };
  }

  set(key: string, group: string, value: V, mark: ReadMark) {
    if (!this.enabled || mark.all !== this.all || mark.group !== (this.groups.get(group) ?? 0)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { group, value, storedAt: this.now() });
  }

  /**
   * The cached value, or `read()`'s, remembered unless the group changed meanwhile; a read of
   * the same key already under way since the last change is joined instead of repeated.
   */
  through(key: string, group: string, read: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const mark = this.begin(group);
    const running = this.pending.get(key);
    if (this.enabled && running && running.mark.all === mark.all && running.mark.group === mark.group)
      return running.read;
    const shared = read()
      .then((value) => {
        this.set(key, group, value, mark);
        return value;
      })
      .finally(() => {
        if (this.pending.get(key)?.read === shared) this.pending.delete(key);
      });
    this.pending.set(key, { mark, read: shared });
    return shared;
  }

  forgetGroup(group: string) {
    this.groups.set(group, (this.groups.get(group) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.group === group) this.entries.delete(key);
  }

  forgetAll() {
    this.all += 1;
    this.groups.clear();
    this.entries.clear();
  }

  /** Off while changes might go unheard; on again after (remembering nothing from before). */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    this.forgetAll();
  }

  get size() {
    return this.entries.size;
  }
}
