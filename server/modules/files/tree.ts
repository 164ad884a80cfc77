/**
 * One tree held in memory for the length of one operation's transaction: every node of the
 * owner, read after the tree's advisory lock is taken, so the checks (versions, names, where a
 * folder may go) and the writes see the same state and two operations on one tree run one after
 * the other. A tree of 10,000 nodes reads in a few milliseconds.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { formatMessage, MESSAGES } from '../../../src/domain/messages';
import { FILES, nameKey, type NodeItem } from '../../../src/domain/files/rules';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { sampleName } from './sample-names';
import { fileNodes, type FileNodeRow } from './tables';

export class Tree {
  readonly byId = new Map<string, FileNodeRow>();
  readonly children = new Map<string, FileNodeRow[]>();
  rootId = '';

  constructor(
    readonly tx: DbOrTx,
    readonly now: Date,
    rows: FileNodeRow[],
    /** The caller's language: a sample folder's name is read in it (`shown`). */
    readonly locale: PlatformMailLocale = 'en',
  ) {
    for (const row of rows) this.add(row);
  }

  /** A node's name as the caller's screen shows it: a sample folder's in their language. */
  shown(row: FileNodeRow): string {
    return sampleName(row.sample, this.locale) ?? row.name;
  }

  private add(row: FileNodeRow) {
    this.byId.set(row.id, row);
    if (row.parentId === null) this.rootId = row.id;
    else this.children.set(row.parentId, [...(this.children.get(row.parentId) ?? []), row]);
  }

  private detach(row: FileNodeRow) {
    if (row.parentId === null) return;
    this.children.set(
      row.parentId,
      (this.children.get(row.parentId) ?? []).filter((c) => c.id !== row.id),
    );
  }

  /** Shown in the tree: neither it nor a folder above it is in the trash. */
  isLive(row: FileNodeRow): boolean {
    for (let n: FileNodeRow | undefined = row; n; n = n.parentId ? this.byId.get(n.parentId) : undefined)
      if (n.deletedAt) return false;
    return true;
  }

  /** True when `id` is `ancestorId` or below it. */
  isWithin(id: string, ancestorId: string): boolean {
    for (let n = this.byId.get(id); n; n = n.parentId ? this.byId.get(n.parentId) : undefined)
      if (n.id === ancestorId) return true;
    return false;
  }

  liveChildren(parentId: string): FileNodeRow[] {
    return (this.children.get(parentId) ?? []).filter((c) => !c.deletedAt);
  }

  /** The live node at the version the client saw: else 404 (missing, another tree's, trashed) or 409 (changed). */
  item({ id, version }: NodeItem): FileNodeRow {
    const row = this.byId.get(id);
    if (!row || !this.isLive(row)) throw notFound(MESSAGES.fileNodeNotFound);
    if (row.parentId === null) throw conflict(MESSAGES.fileRootLocked);
    if (row.version !== version) throw conflict(MESSAGES.fileStale, { [id]: MESSAGES.fileStale });
    return row;
  }

  /** A live folder to put things in. */
  folder(id: string): FileNodeRow {
    const row = this.byId.get(id);
    if (!row) throw notFound(MESSAGES.fileNodeNotFound);
    if (!row.isFolder) throw conflict(MESSAGES.fileTargetNotFolder, { targetId: MESSAGES.fileTargetNotFolder });
    if (!this.isLive(row)) throw conflict(MESSAGES.fileTargetDeleted, { targetId: MESSAGES.fileTargetDeleted });
    return row;
  }

  /**
   * The live sibling under `parentId` named `name` (case and Unicode composition apart), other
   * than `except`. A sample folder is named both as stored and as shown ("Documents" and, for a
   * Spanish caller, "Documentos"); `shown` is the incoming node's shown name when it has one.
   */
  nameTaken(parentId: string, name: string, except?: string, shown?: string): FileNodeRow | undefined {
    const keys = new Set([nameKey(name), ...(shown ? [nameKey(shown)] : [])]);
    return this.liveChildren(parentId).find(
      (c) => c.id !== except && (keys.has(nameKey(c.name)) || (c.sample !== null && keys.has(nameKey(this.shown(c))))),
    );
  }

  /** Whether `row` (arriving under `parentId`) meets a taken name there, by its stored or shown name. */
  clashes(parentId: string, row: FileNodeRow): FileNodeRow | undefined {
    return this.nameTaken(parentId, row.name, row.id, this.shown(row));
  }

  /**
   * `name (2)`, `name (3)`… (before a file's extension) until free under `parentId`, the stem
   * shortened when the number would take the name past the longest a name may be (a name the
   * rename field would then refuse).
   */
  freeName(parentId: string, name: string, isFolder: boolean): string {
    if (!this.nameTaken(parentId, name)) return name;
    const dot = isFolder ? -1 : name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    const base = stem.replace(/ \(\d+\)$/, '');
    for (let n = 2; ; n++) {
      const suffix = ` (${n})${ext}`;
      const candidate = `${fitStem(base, FILES.nameMax - suffix.length)}${suffix}`;
      if (!this.nameTaken(parentId, candidate)) return candidate;
    }
  }

  /**
   * A change of place, name, colour or (a replaced file's) bytes: the node's version moves on. A
   * new name is the person's own: a sample folder's key goes with it.
   */
  async update(
    row: FileNodeRow,
    patch: Partial<
      Pick<FileNodeRow, 'name' | 'color' | 'parentId' | 'deletedAt' | 'size' | 'mime' | 'storageKey' | 'crc32'>
    >,
  ) {
    const renamed = patch.name !== undefined && patch.name !== row.name;
    const next = { ...patch, ...(renamed ? { sample: null } : {}), version: row.version + 1, updatedAt: this.now };
    const [written] = await this.tx.update(fileNodes).set(next).where(eq(fileNodes.id, row.id)).returning();
    this.detach(row);
    this.byId.delete(row.id);
    this.add(written!);
    return written!;
  }

  /** Into the trash (kept 30 days; what is below it goes with it, untouched). */
  trash(row: FileNodeRow) {
    return this.update(row, { deletedAt: this.now });
  }

  /** A copy of `row` and of everything live below it under `parentId`, the copy named `name`. */
  async copy(row: FileNodeRow, parentId: string, name: string, userId: string): Promise<FileNodeRow> {
    const made: (typeof fileNodes.$inferInsert)[] = [];
    const walk = (from: FileNodeRow, to: string, as: string): string => {
      const id = randomUUID();
      made.push({
        id,
        owner: from.owner,
        businessId: from.businessId,
        parentId: to,
        name: as,
        isFolder: from.isFolder,
        color: from.color,
        // The top copy under a new name ("Documentos (2)") is the person's; one below keeps its name.
        sample: as === from.name ? from.sample : null,
        size: from.size,
        mime: from.mime,
        storageKey: from.storageKey,
        crc32: from.crc32,
        createdBy: userId,
        createdAt: this.now,
        updatedAt: this.now,
      });
      for (const child of this.liveChildren(from.id)) walk(child, id, child.name);
      return id;
    };
    const topId = walk(row, parentId, name);
    for (let i = 0; i < made.length; i += 500) {
      const rows = await this.tx
        .insert(fileNodes)
        .values(made.slice(i, i + 500))
        .returning();
      rows.forEach((r) => this.add(r));
    }
    return this.byId.get(topId)!;
  }

  async insert(values: typeof fileNodes.$inferInsert): Promise<FileNodeRow> {
    const [row] = await this.tx
      .insert(fileNodes)
      .values({ ...values, createdAt: this.now, updatedAt: this.now })
      .returning();
    this.add(row!);
    return row!;
  }

  /** Live files below (and including) a node, with their paths from it (as the caller's screen names them). */
  filesWithin(id: string): { row: FileNodeRow; path: string }[] {
    const out: { row: FileNodeRow; path: string }[] = [];
    const walk = (row: FileNodeRow, path: string) => {
      out.push({ row, path });
      for (const child of this.liveChildren(row.id)) walk(child, `${path}/${this.shown(child)}`);
    };
    const top = this.byId.get(id);
    if (top) walk(top, this.shown(top));
    return out;
  }
}

/** `stem` cut to at most `max` characters, never through an emoji (a surrogate pair), nor to nothing. */
function fitStem(stem: string, max: number): string {
  if (stem.length <= max) return stem;
  let cut = stem.slice(0, Math.max(1, max));
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd() || cut;
}

/** A node's columns in one JSON array (readTree), in this order. */
type Packed = [
  string, string, string | null, string | null, string, boolean, string, number, number,
  string | null, string | null, number | null, string | null, string | null, string, string, string | null,
]; // prettier-ignore

/**
 * Every node of the tree, read as one JSON value: a 10,000-node tree reads ~3× faster than as
 * rows on PGlite (scripts/bench/files-tree.ts), where each row crosses from its worker thread.
 */
async function readTree(tx: DbOrTx, owner: string): Promise<FileNodeRow[]> {
  const { rows } = await tx.execute<{ packed: string }>(sql`
    select coalesce(json_agg(json_build_array(id, owner, business_id, parent_id, name, is_folder, color,
      version, size, mime, storage_key, crc32, deleted_at, created_by, created_at, updated_at, sample))::text, '[]') as packed
    from ${fileNodes} where ${fileNodes.owner} = ${owner}`);
  const date = (v: string) => new Date(v);
  return (JSON.parse(rows[0]!.packed) as Packed[]).map((p) => ({
    id: p[0],
    owner: p[1],
    businessId: p[2],
    parentId: p[3],
    name: p[4],
    isFolder: p[5],
    color: p[6],
    version: p[7],
    size: Number(p[8]),
    mime: p[9],
    storageKey: p[10],
    crc32: p[11] === null ? null : Number(p[11]),
    deletedAt: p[12] === null ? null : date(p[12]),
    createdBy: p[13],
    createdAt: date(p[14]),
    updatedAt: date(p[15]),
    sample: p[16],
  }));
}

/** The tree's writes run one after the other: the advisory lock, then every node read. */
export async function lockTree(tx: DbOrTx, owner: string, now: Date, locale: PlatformMailLocale = 'en'): Promise<Tree> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`files:${owner}`}))`);
  return new Tree(tx, now, await readTree(tx, owner), locale);
}

/** Names that are taken, for the conflict message ("Already in this folder: a.txt, b.txt"). */
export const conflictError = (names: string[]) =>
  conflict(formatMessage('fileNameConflict', { names: names.slice(0, 5).join(', ') }), {
    policy: formatMessage('fileNameConflict', { names: names.slice(0, 5).join(', ') }),
  });

export const rowsIn = (ids: string[]) => inArray(fileNodes.id, ids);
