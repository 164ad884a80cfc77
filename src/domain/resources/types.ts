/**
 * The shape of a resource declaration (docs/adding-a-resource.md). One object states an
 * entity's table, API, access rules and fields; the server derives its table and validated
 * CRUD routes from it, the client its list / create / edit / show screens. Pure data: no
 * React and no server code, so both halves (and drizzle-kit) can import it.
 */
import type { Role } from '../roles';
import type { MessageCode } from '../messages';

/**
 * A field's seeded texts (FieldDeclaration.seeded): by the value of the row's field `by`, the text
 * the product stored; `<key>.<that value>` is its translation. src/domain/resources/seeded.ts
 * tells whether a value is still one.
 */
export interface SeededTexts {
  by: string;
  texts: Readonly<Record<string, string>>;
  key: string;
}

export type FieldType =
  | 'string'
  | 'text'
  | 'markdown'
  | 'email'
  | 'phone'
  | 'url'
  /** A US ZIP code: exactly 5 digits (the product brief's messages, section 5). */
  | 'zip'
  /**
   * One picture per record (a product's photo): sent as a file part of a multipart create or
   * update, checked and resized by the server (src/domain/resources/image.ts), answered as the
   * path it is served at; null removes it. Shown as an upload in forms and a thumbnail in lists.
   */
  | 'image'
  | 'integer'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  /** A time of day, `HH:MM` (24 h) on the wire, a time input in forms. */
  | 'time'
  | 'enum'
  | 'reference'
  /**
   * Several records of another resource (`references: { resource, labelField }`): a list of ids,
   * each checked like a reference (same business), at most `max` of them (default 20); the API
   * adds `_labels.<field>` as the list of their titles. Stored as a uuid array.
   */
  | 'references'
  /** Write-only (create forms): validated as a new password, consumed by a custom handler, never stored or shown. */
  | 'password'
  /**
   * A percent 0–100 with at most 3 decimals (a US sales tax: 8.875): typed, sent, answered and
   * shown as that number ('8.875%'), stored exactly as numeric(6,3) (field-rules.ts percentSchema).
   */
  | 'percent'
  /**
   * A length of time in quarter hours (0.25, 1.5, 2.75; `min` default 0.25, `max` default 24):
   * typed, sent, answered and shown as that number, stored exactly as numeric(5,2)
   * (field-rules.ts hoursSchema).
   */
  | 'hours'
  /**
   * A quantity above 0 with at most 2 decimals (6.5 hours of labor, 2.25 gallons; `max` default
   * 1,000,000): typed, sent, answered and shown as that number, stored exactly as numeric(12,2)
   * (field-rules.ts quantitySchema).
   */
  | 'quantity'
  /**
   * Child rows of the record (an invoice's lines), declared by `lines`: stored in a table the engine
   * owns (`<table>_<column>`, one row per line, in order), sent and answered as an array of objects,
   * validated row by row (an error names `<field>.<row>.<column>`), written in the record's transaction.
   */
  | 'lines';

/** How a field is filtered in the list: the query parameter takes one of these forms. */
export type FilterKind =
  /** Case-insensitive substring (`?email=gmail`). */
  | 'text'
  /** Exact value (`?status=active`; enum fields show a select). */
  | 'exact'
  /** `?verified=true|false`. */
  | 'boolean'
  /** `?amountFrom=100&amountTo=500` or dates `?dueDateFrom=…&dueDateTo=…`. */
  | 'range';

export interface FieldDeclaration {
  type: FieldType;
  /** SQL column; default: the field key in snake_case. */
  column?: string;
  required?: boolean;
  /** Length for text types, value for numbers (money in cents). */
  min?: number;
  max?: number;
  /**
   * Text that must stay on one line (a sender's display name goes into a mail's From header): a
   * line break is refused with lineBreakNotAllowed (src/domain/schemas/one-line.ts).
   */
  oneLine?: boolean;
  /** Enum values (stored as text). */
  options?: readonly string[];
  /** A reference field's target resource and the field shown for it. */
  references?: { resource: string; labelField: string };
  /**
   * One record per value (in the caller's business for a tenant resource): a taken value answers
   * 409 on the field. 'caseless': "Admin" and "admin" are one value too (a name people pick by
   * eye, such as a role's); the index is on lower(column) under the same name.
   */
  unique?: boolean | 'caseless';
  /** Value used when a create leaves the field out. */
  defaultValue?: string | number | boolean;
  /** A list column (default true); 'hidden' = available but off until the user shows it. */
  list?: boolean | 'hidden';
  filter?: FilterKind;
  /**
   * The query parameter name when it differs from the field key (`verified` for isVerified: the
   * product brief, section 3, list filters).
   */
  filterParam?: string;
  sortable?: boolean;
  /** Part of the substring `query` search of the list (trigram-indexed). */
  search?: boolean;
  /** In the forms: both (default), only when creating, only when editing, or never. */
  form?: boolean | 'create' | 'edit';
  /** On the show page (default true). */
  show?: boolean;
  /**
   * Index the column (sortable and filtered fields usually want one). 'tenant' indexes
   * (business, column, id) instead: a tenant resource's list sorted by it then walks the index
   * within the caller's business, in the list's order, rather than sorting all its rows (a report
   * list of 10,000 by period).
   */
  index?: boolean | 'tenant';
  /**
   * Also index lower(column) within the business (business, lower(column)): records are found by
   * this value without case (server/resources/update-record.ts upsertRecord: a form's answers
   * saved as the contact with that email), which otherwise reads every row of the business.
   */
  caselessIndex?: boolean;
  /** Leave out of the audit history (e.g. secrets). Default false. */
  noAudit?: boolean;
  /**
   * A date something expires on (a licence, an insurance): the API adds `_expiry.<field>`
   * ('expired' | 'soon' | 'valid', by the business's today and src/domain/resources/expiry.ts)
   * and the screens show a tag beside the date when it is expired or due within `soonDays`.
   */
  expiry?: { soonDays: number };
  /**
   * An enum field that is a record's state (a ticket's status): the values a new record may start
   * in, the values each value may move to (anything else is refused with `statusTransition`), and
   * the values in which the record is closed — read-only but for moving this field on along its
   * transitions (reopening), and not deletable (`recordLocked`). Rules in record-rules.ts.
   * `lockedMessage` (a MESSAGES code) is what a closed record's refusal says instead of
   * `recordLocked`'s "reopen it", for records that have no way back (an answered quote).
   */
  transitions?: {
    start: readonly string[];
    next: Readonly<Record<string, readonly string[]>>;
    locks?: readonly string[];
    lockedMessage?: MessageCode;
  };
  /**
   * Required while another field holds one of these values (a scheduled ticket needs its date),
   * refused with `message` (a MESSAGES code; default fieldRequired) on this field.
   */
  requiredWhen?: { field: string; values: readonly string[]; message?: MessageCode };
  /**
   * When both are set, this value must come after another field's (same type: times, dates):
   * a time window's end after its start. Refused with `message` on this field.
   */
  after?: { field: string; message: MessageCode };
  /**
   * Texts the product seeded for some rows, by a field's value (a built-in role's description, by
   * its name; a seeded plan's name, by itself): while a row's value is still its seeded text, the
   * list, the show page, the edit form and the CSV export show the translation `<key>.<that value>`
   * in the reader's language (an untouched form does not send it back; on the title field, the
   * record's page and form titles too); a value someone typed is shown as typed.
   */
  seeded?: SeededTexts;
  /**
   * A value the server computes for each row (a report's totals from its deliveries): never
   * stored, never in a form, CSV or filter; the API answers it with the record and the list and
   * show page display it by its `type`. The area that owns the inputs registers the computation
   * with registerComputedFields (server/resources/computed-fields.ts); none registered → null.
   */
  computed?: boolean;
  /**
   * A `lines` field's rows: their fields (the scalar types above, with their options and rules),
   * how many rows a record needs at least (`min`, default 0) and may have (`max`, default 100),
   * and optionally a line's `amount` in cents from its API values (shown on each line's card on a
   * phone, where the form has no room for the running figures beside the table). A record's page
   * shows the server's amounts instead (`_lineAmounts`, server/resources/computed-fields.ts
   * LINE_AMOUNTS), the figures its other readers (a PDF, a mail) print.
   */
  lines?: {
    fields: Record<string, FieldDeclaration>;
    min?: number;
    max?: number;
    amount?: (line: Record<string, unknown>) => number;
  };
}

export type Operation = 'list' | 'show' | 'create' | 'update' | 'delete';

/** Where one operation is served. `id` says how the record id travels. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  id?: 'path' | 'query' | 'body';
  /**
   * The query parameter that carries the id when `id` is 'query' and the brief names it
   * (`DELETE …?employeeId=`); default `id`.
   */
  idParam?: string;
}

/**
 * A read-only list of records that belong to one record but live elsewhere (a customer's
 * contracted services): `GET path?<idParam>=<record id>`, shown as a section of the show page.
 * Areas add the rows through registerRelatedSource (server/resources/related-lists.ts).
 */
export interface RelatedList {
  key: string;
  path: string;
  idParam: string;
}

/** A bulk action on selected rows: sets the given field values on each. */
export interface BulkAction {
  key: string;
  set: Record<string, string | number | boolean | null>;
  /** Ask before running it. */
  confirm?: boolean;
  danger?: boolean;
}

export interface ResourceDeclaration {
  /** Stable name: i18n prefix (`resources.<name>`), URL-safe, unique. */
  name: string;
  /**
   * The SQL table. `managed: false` means another part of the server owns the table (e.g.
   * users): the engine queries and updates it but never creates or migrates it.
   */
  table: { name: string; managed?: boolean };
  /** Client routes, without the leading slash; `:id` is the record id. */
  routes: { list: string; create?: string; edit?: string; show?: string };
  /**
   * Sidebar placement for roles that may list it; the product brief's own screens already in
   * SIDEBAR keep their place.
   */
  menu?: { group?: string; icon: string };
  /**
   * REST base (`/api/...`); each operation may be moved to its path in the product brief
   * (section 7: the calls it makes).
   */
  api: {
    base: string;
    /**
     * The query parameter in which the brief's calls name the caller's business (`GET …?businessId=`,
     * `DELETE …?businessId=&domainId=`): the list and delete take it, the client sends it, and a
     * business other than the caller's answers 404 like a missing record. Tenant resources only.
     */
    businessParam?: string;
  } & Partial<Record<Operation, Endpoint>>;
  /**
   * Operations whose route a hand-written server module serves instead of the engine
   * (at the same endpoint). The client still calls the declared endpoint.
   */
  customHandlers?: readonly Operation[];
  access: Record<Operation, readonly Role[]>;
  /** Rows belong to a business: callers see and change only their own business's rows. */
  tenant?: boolean;
  /**
   * A venue employee calling any of its routes also needs this team privilege
   * (src/domain/team.ts), e.g. 'reservations'.
   */
  privilege?: string;
  fields: Record<string, FieldDeclaration>;
  /** Field shown as the record's title (show page, references, delete confirmation). */
  titleField: string;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /**
   * Fields that order rows equal on the sorted field, before the id, in the sort's direction
   * (invoices of one day by their number): without it such rows follow their random ids.
   */
  sortTiebreak?: readonly string[];
  bulkActions?: readonly BulkAction[];
  /** Turn off generated extras. */
  csvImport?: boolean;
  csvExport?: boolean;
  /**
   * Rows that must never be deleted (e.g. the seven built-in roles): a field and its values.
   */
  protectedRows?: { field: string; values: readonly (string | number | boolean)[] };
  /** Read-only child lists served beside the record and shown on its page (RelatedList). */
  related?: readonly RelatedList[];
  /**
   * A number the server assigns on create (an invoice's INV-2026-0001): the next value of a
   * per-business counter row (record_counters: pattern and next value, which a settings screen may
   * change), taken in the insert's own transaction, so numbers are gapless and unique under
   * concurrency. `field` must be a `unique` string field; a form may edit it later ('edit'), a
   * duplicate answers 409 on the field. `pattern` is the default until the business sets one:
   * `{YYYY}` the year, `{#…}` the counter zero-padded to as many digits (numbering.ts).
   *
   * `giveBackOnDelete`: deleting a record that holds the counter's last number gives the number
   * back (the next create takes it again), in the delete's transaction; deleting any other record
   * is refused with this message, so a delete never leaves a gap (numbering.ts giveBackNumbers).
   */
  numbering?: { field: string; counter: string; pattern: string; giveBackOnDelete?: MessageCode };
  /**
   * A rule over the whole record that no field option says (an invoice's discount no larger than
   * its lines): field → MESSAGES code. Run by recordRuleErrors, so the form and the server agree.
   */
  check?: (record: Readonly<Record<string, unknown>>, context: RecordCheckContext) => Record<string, MessageCode>;
}

/**
 * What a record's own rule may need beyond the record: the business's today (YYYY-MM-DD, in its
 * time zone on the server, the browser's day in the form), for rules such as "not in the past".
 * Absent when the caller cannot know it; a rule then skips what depends on it.
 */
export interface RecordCheckContext {
  today?: string;
}

/** Identity function that checks a declaration's type and keeps its literal types. */
export function defineResource<const R extends ResourceDeclaration>(resource: R): R {
  return resource;
}
