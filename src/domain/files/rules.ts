/**
 * The file manager's rules (file_management: ADMIN and CLUBOWNER, product brief sections 2, 3, 4
 * and 9), shared by the screen and the server: the API paths, the limits, the folder palette,
 * what a name may be, and the inputs of every operation. The brief names no file-manager calls:
 * our reading puts them under /api/Files. A club owner works on their business's tree, the
 * platform administrator on the platform's own.
 */
import * as z from 'zod/mini';
import { formatMessage, MESSAGES } from '../messages';
import type { Role } from '../roles';
import { recordIdSchema } from '../schemas/record-id';

export const FILES_API = {
  /** GET the whole live tree (the root made, with the sample folders, on the first open). */
  tree: '/api/Files/tree',
  /** POST { parentId, name }: a new folder. */
  folders: '/api/Files/folders',
  /** POST multipart: fields parentId, policy; file parts file0…file9. */
  upload: '/api/Files/upload',
  /** PATCH { version, name? , color? }: rename or recolour one node. */
  node: '/api/Files/nodes/:id',
  /** PATCH { items, color }: recolour several. */
  color: '/api/Files/color',
  /** POST { mode, targetId, items, policy? }: paste by copy or cut. */
  paste: '/api/Files/paste',
  /** POST { items }: a copy of each beside itself. */
  duplicate: '/api/Files/duplicate',
  /** POST { items }: to the trash. */
  trash: '/api/Files/trash',
  /** GET the trash; POST { ids } restores. */
  trashList: '/api/Files/trash/list',
  restore: '/api/Files/trash/restore',
  /** GET a file's bytes (?inline=1 for a preview; &bytes=N for its first N only) or a folder as a zip. */
  download: '/api/Files/nodes/:id/download',
} as const;

export const nodePath = (id: string) => FILES_API.node.replace(':id', encodeURIComponent(id));
/** A file's download, or its preview (`inline`), or the first `firstBytes` of it (a long text's preview). */
export const downloadPath = (id: string, inline = false, firstBytes?: number) =>
  FILES_API.download.replace(':id', encodeURIComponent(id)) +
  (inline ? '?inline=1' : '') +
  (firstBytes ? `${inline ? '&' : '?'}bytes=${firstBytes}` : '');

/** Who has a file manager: the roles the brief's matrix gives file_management. */
export const FILE_ROLES: Role[] = ['ADMIN', 'CLUBOWNER'];

/** The live channel's resource name (an open tree refreshes on it). */
export const FILES_LIVE_RESOURCE = 'file_management';

export const FILES = {
  /** One file's size limit; past it the upload stops and nothing is stored. */
  maxBytes: 25 * 1024 * 1024,
  /** Files in one upload request. */
  maxFilesPerUpload: 10,
  nameMax: 120,
  /** Nodes one operation may name. */
  maxBatch: 200,
  /** A folder's zip holds at most this many files (the zip format's own limit is 65,535). */
  maxZipEntries: 10_000,
  trashDays: 30,
  /** A text's preview: its first 64 KB, read and sent alone (`?bytes=`), however long the file. */
  previewTextBytes: 64 * 1024,
  /** The most a `?bytes=` read may ask for. */
  maxFirstBytes: 1024 * 1024,
} as const;

/** The field names of an upload's file parts, in order. */
export const UPLOAD_FIELDS = Array.from({ length: FILES.maxFilesPerUpload }, (_, i) => `file${i}`);

/**
 * The folder colours, each with a name (colour is never the only cue: the name goes in the
 * accessible label). `sky` is the brief's default folder colour #45caf1 (section 9).
 */
export const FOLDER_PALETTE = {
  sky: '#45caf1',
  navy: '#1d4e89',
  green: '#2e9e5b',
  amber: '#e0a526',
  orange: '#e8702a',
  red: '#d64545',
  purple: '#7e57c2',
  grey: '#8a8f98',
} as const;
export type PaletteName = keyof typeof FOLDER_PALETTE;
export const DEFAULT_COLOR = FOLDER_PALETTE.sky;
export const PALETTE_COLORS = Object.values(FOLDER_PALETTE) as [string, ...string[]];
export const colorName = (hex: string): PaletteName =>
  (Object.entries(FOLDER_PALETTE).find(([, v]) => v === hex)?.[0] as PaletteName | undefined) ?? 'sky';

/**
 * The sample folders a new tree's root holds (product brief section 3), as stored: each row also
 * keeps its key (`sample`: 'documents'…), and while it has one the screens show the folder under
 * that key's translation (`sampleFolders.<key>`, public/locales: the server writes it too), so a Spanish
 * owner sees "Documentos". Any new name (a rename, a number added to settle a clash, a copy)
 * drops the key: the name is then the person's own, shown as stored. What reads names for a
 * person reads the shown one: the tree's sort and type-ahead, a taken name (a folder shown as
 * "Documentos" takes that name too, for the caller's language), a copy's name, the trash's
 * paths and a folder's zip (server/modules/files/tree.ts, `shown`).
 */
export const SAMPLE_FOLDERS = ['Documents', 'Images', 'Invoices', 'Contracts'] as const;
export type SampleKey = Lowercase<(typeof SAMPLE_FOLDERS)[number]>;
export const sampleKeyOf = (name: (typeof SAMPLE_FOLDERS)[number]) => name.toLowerCase() as SampleKey;
export const isSampleKey = (key: unknown): key is SampleKey =>
  typeof key === 'string' && SAMPLE_FOLDERS.some((name) => sampleKeyOf(name) === key);

/**
 * Extensions a file may have: documents, images, text and archives people keep. Anything that a
 * browser would run (HTML, SVG, scripts) or a computer would install is refused.
 */
export const ALLOWED_EXTENSIONS = [
  'pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'csv', 'md', 'json', 'log',
  'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'zip',
  'mp3', 'mp4', 'mov', 'wav',
] as const; // prettier-ignore

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const CONFLICT_POLICIES = ['replace', 'keepBoth', 'skip'] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];
export const PASTE_MODES = ['copy', 'cut'] as const;
export type PasteMode = (typeof PASTE_MODES)[number];

/**
 * A name as it is kept: trimmed, and in Unicode's composed form (NFC), so "Café" typed on one
 * computer and "Café" picked from a Mac's disk (decomposed: e + a combining accent) are one name.
 */
export const storedName = (raw: string) => raw.trim().normalize('NFC');

/** How two names in one folder are compared: as kept, whatever their case. */
export const nameKey = (name: string) => storedName(name).toLowerCase();

/**
 * Why a name cannot be a file or folder name, or null: the one rule of the rename field, the
 * new-folder field, an upload's file names and the server.
 */
export function nameRefusal(raw: string): string | null {
  const name = raw.trim();
  if (!name) return MESSAGES.fileNameRequired;
  if (name.includes('/') || name.includes('\\')) return MESSAGES.fileNameSlash;
  // Line breaks, tabs and the like; and the direction overrides and isolates, which make
  // "report<RLO>txt.pdf" read "reportfdp.txt" in the tree.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/.test(name)) return MESSAGES.fileNameControl;
  if (name === '.' || name === '..') return MESSAGES.fileNameDots;
  if (name.length > FILES.nameMax) return formatMessage('fileNameTooLong', { max: FILES.nameMax });
  return null;
}

/**
 * Why a file may not bear this name's type: its extension is not one of ALLOWED_EXTENSIONS. An
 * upload is checked so, and a file's rename too, so "notes.txt" cannot become "setup.exe".
 */
export const fileTypeRefusal = (name: string): string | null =>
  (ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(name)) ? null : MESSAGES.fileTypeRefused;

/**
 * Why one upload request cannot take `count` files: more than FILES.maxFilesPerUpload. The
 * server's rule for a request; the screen sends each file in a request of its own (so each has
 * its bar and its cancel, src/custom/files/use-uploads.ts) and never meets it, whatever number a
 * person drops.
 */
export const uploadCountRefusal = (count: number): string | null =>
  count > FILES.maxFilesPerUpload ? formatMessage('fileTooMany', { max: FILES.maxFilesPerUpload }) : null;

/** Why a picked file cannot go up (checked in the browser first; the server checks again). */
export function uploadRefusal(file: { name: string; size: number }): string | null {
  const named = nameRefusal(file.name) ?? fileTypeRefusal(file.name);
  if (named) return named;
  if (file.size > FILES.maxBytes) return formatMessage('fileTooLarge', { max: FILES.maxBytes / 1024 / 1024 });
  return null;
}

const nameField = z.string({ error: MESSAGES.fileNameRequired }).check(
  z.overwrite(storedName),
  z.superRefine((value, ctx) => {
    const refusal = nameRefusal(value);
    if (refusal) ctx.issues.push({ code: 'custom', message: refusal, input: value });
  }),
);
const idField = recordIdSchema;
const version = z.int({ error: MESSAGES.invalidValue }).check(z.minimum(1));
const item = z.object({ id: idField, version });
const items = z
  .array(item)
  .check(
    z.minLength(1, MESSAGES.fileSelectionEmpty),
    z.maxLength(FILES.maxBatch, formatMessage('fileSelectionTooLong', { max: FILES.maxBatch })),
  );
const color = z.enum(PALETTE_COLORS, { error: MESSAGES.fileColorInvalid });
const policy = z.optional(z.enum(CONFLICT_POLICIES, { error: MESSAGES.invalidValue }));

/** The name dialog's one field (new folder, rename): the same rule as the server's. */
export const nameFormSchema = z.object({ name: nameField });
export const createFolderSchema = z.object({ parentId: idField, name: nameField, color: z.optional(color) });
export const nodePatchSchema = z
  .object({ version, name: z.optional(nameField), color: z.optional(color), policy })
  .check(
    z.refine((v) => v.name !== undefined || v.color !== undefined, {
      message: MESSAGES.fileNothingToChange,
      path: ['name'],
    }),
  );
export const recolorSchema = z.object({ items, color });
export const pasteSchema = z.object({
  mode: z.enum(PASTE_MODES, { error: MESSAGES.invalidValue }),
  targetId: idField,
  items,
  policy,
});
export const itemsSchema = z.object({ items });
export const restoreSchema = z.object({
  ids: z.array(idField).check(z.minLength(1, MESSAGES.fileSelectionEmpty), z.maxLength(FILES.maxBatch)),
});
export const uploadFieldsSchema = z.object({ parentId: idField, policy });

export type PasteRequest = z.output<typeof pasteSchema>;
export type NodeItem = z.output<typeof item>;
