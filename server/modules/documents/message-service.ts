/**
 * A document's chat, or the business's chat over all its documents: the messages a page at a
 * time by cursor, both ways, and the saving of a question and its answer.
 *
 * Paging: messages are ordered by (createdAt, id). With no cursor the page is the newest
 * `limit` messages. `nextCursor` reads the page before (older messages), `prevCursor` the page
 * after (newer ones); each is null when there is nothing that way. A page's messages are in
 * time order, oldest first, as the chat shows them (newest at the bottom).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_MESSAGES, type ChatMessageView, type Citation } from '../../../src/domain/documents/documents';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { documentMessages, documents } from './tables';

type Row = typeof documentMessages.$inferSelect;
type Direction = 'older' | 'newer';
interface Cursor {
  d: Direction;
  t: string;
  id: string;
}

export const toMessage = (row: Row): ChatMessageView => ({
  id: row.id,
  text: row.text,
  isUserMessage: row.isUserMessage,
  createdAt: row.createdAt.toISOString(),
  citations: row.citations,
});

const encode = (d: Direction, row: Row) =>
  Buffer.from(JSON.stringify({ d, t: row.createdAt.toISOString(), id: row.id } satisfies Cursor)).toString('base64url');

function decode(cursor: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    if ((c.d === 'older' || c.d === 'newer') && !Number.isNaN(Date.parse(c.t)) && /^[0-9a-f-]{36}$/i.test(c.id))
      return c;
  } catch {
    // fall through to the refusal
  }
  throw badRequest(DOCUMENT_MESSAGES.badCursor, { cursor: DOCUMENT_MESSAGES.badCursor });
}

const key = sql`(${documentMessages.createdAt}, ${documentMessages.id})`;
const before = (t: string, id: string) => sql`${key} < (${t}::timestamptz, ${id}::uuid)`;
const after = (t: string, id: string) => sql`${key} > (${t}::timestamptz, ${id}::uuid)`;

/** Which chat: one document's, or the business's over all its documents. */
export type ChatScope = { documentId: string } | { businessId: string };

const scopeOf = (scope: ChatScope): SQL =>
  'documentId' in scope
    ? eq(documentMessages.documentId, scope.documentId)
    : and(eq(documentMessages.businessId, scope.businessId), isNull(documentMessages.documentId))!;

export async function pageOfMessages(db: Db, scope: ChatScope, cursor: string | undefined, limit: number) {
  const c = cursor ? decode(cursor) : null;
  const mine = scopeOf(scope);
  let rows: Row[];
  if (!c || c.d === 'older') {
    rows = await db
      .select()
      .from(documentMessages)
      .where(c ? and(mine, before(c.t, c.id)) : mine)
      .orderBy(desc(documentMessages.createdAt), desc(documentMessages.id))
      .limit(limit);
    rows.reverse();
  } else {
    rows = await db
      .select()
      .from(documentMessages)
      .where(and(mine, after(c.t, c.id)))
      .orderBy(asc(documentMessages.createdAt), asc(documentMessages.id))
      .limit(limit);
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const exists = async (cond: ReturnType<typeof sql>) =>
    (await db.select({ id: documentMessages.id }).from(documentMessages).where(and(mine, cond)).limit(1)).length > 0;
  const nextCursor =
    first && (await exists(before(first.createdAt.toISOString(), first.id))) ? encode('older', first) : null;
  const prevCursor =
    last && (await exists(after(last.createdAt.toISOString(), last.id))) ? encode('newer', last) : null;
  return { data: rows.map(toMessage), nextCursor, prevCursor };
}

interface NewMessage {
  scope: ChatScope;
  text: string;
  isUserMessage: boolean;
  userId: string | null;
  citations?: Citation[];
  at: Date;
}

/**
 * The insert every question and answer runs, prepared once per database: built anew by Drizzle's
 * query builder it cost a fifth of a millisecond of the server's thread each time, on the way
 * to every first token (docs/document-chat.md, *Time to the first token*).
 */
const inserts = new WeakMap<Db, ReturnType<typeof prepareInsert>>();
const prepareInsert = (db: Db) =>
  db
    .insert(documentMessages)
    .values({
      id: sql.placeholder('id'),
      documentId: sql.placeholder('documentId'),
      businessId: sql.placeholder('businessId'),
      text: sql.placeholder('text'),
      isUserMessage: sql.placeholder('isUserMessage'),
      userId: sql.placeholder('userId'),
      citations: sql.placeholder('citations'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare('document_message_insert');

/** A message as its row will read (its id and time chosen here), and the write of that row. */
function newMessage(db: Db, input: NewMessage) {
  const view: ChatMessageView = {
    id: randomUUID(),
    text: input.text,
    isUserMessage: input.isUserMessage,
    createdAt: input.at.toISOString(),
    citations: input.citations ?? [],
  };
  let insert = inserts.get(db);
  if (!insert) inserts.set(db, (insert = prepareInsert(db)));
  const write = () =>
    insert.execute({
      id: view.id,
      documentId: 'documentId' in input.scope ? input.scope.documentId : null,
      businessId: 'businessId' in input.scope ? input.scope.businessId : null,
      text: view.text,
      isUserMessage: view.isUserMessage,
      userId: input.userId,
      citations: view.citations,
      createdAt: input.at,
    });
  return { view, write };
}

export async function saveMessage(db: Db, input: NewMessage): Promise<ChatMessageView> {
  const message = newMessage(db, input);
  await message.write();
  return message.view;
}

/**
 * The question of an ask, written once its answer's first token is on its way
 * (docs/document-chat.md, *Time to the first token*): `view` is the message its row will hold,
 * and goes out first. `saved()` starts the write on its first call and resolves to the failure
 * or null; `written()` throws the failure (an answer is only saved after its question).
 */
export function askedQuestion(db: Db, input: Omit<NewMessage, 'isUserMessage' | 'citations'>) {
  const { view, write } = newMessage(db, { ...input, isUserMessage: true });
  let writing: Promise<Error | null> | null = null;
  const saved = () =>
    (writing ??= write().then(
      () => null,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    ));
  return {
    view,
    saved,
    async written() {
      const failed = await saved();
      if (failed) throw failed;
    },
  };
}

/**
 * A document deleted while one of its questions was being answered: the delete removed its chat,
 * but the question (written at the first token, or when the asker left) and the answer can be
 * written after it, and would stay in the database of a document whose chat is gone. Run once
 * they are written: the row is read FOR SHARE, so a delete still in progress (it marks the row
 * first) is waited for and then seen.
 */
export async function dropChatOfDeleted(db: Db, documentId: string): Promise<void> {
  const [row] = await db
    .select({ deletedAt: documents.deletedAt })
    .from(documents)
    .where(eq(documents.id, documentId))
    .for('share');
  if (row?.deletedAt) await db.delete(documentMessages).where(eq(documentMessages.documentId, documentId));
}
