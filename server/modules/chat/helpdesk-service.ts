/**
 * A domain's helpdesk (question/answer pairs: the bot's knowledge) and its filter questions
 * (asked before a chat). Both are listed a page at a time, newest first, and deleted by id; a
 * domain or an entry of another business answers 404 and changes nothing.
 */
import { and, asc, count, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FilterQuestionInput, HelpdeskQuestionInput } from '../../../src/domain/chat/rules';
import { MESSAGES } from '../../../src/domain/messages';
import type { FilterQuestion, HelpdeskEntry } from '../../../src/domain/chat/wire';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import type { HelpdeskDoc } from './bot';
import { ownDomain } from './chat-settings';
import { chatFilterQuestions, chatHelpdesk } from './tables';

const iso = (d: Date) => d.toISOString();

const entryOut = (r: typeof chatHelpdesk.$inferSelect): HelpdeskEntry => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  createdAt: iso(r.createdAt),
});

const filterOut = (r: typeof chatFilterQuestions.$inferSelect): FilterQuestion => ({
  id: r.id,
  question: r.question,
  choices: r.choices,
  toPerson: r.toPerson,
  createdAt: iso(r.createdAt),
});

interface Page {
  domainId: string;
  page: number;
  perPage: number;
}

/**
 * A stored question worded as `question`, case and runs of spaces aside. Both sides go through
 * the database's own lower() and regexp_replace(), so "Éxito" matches itself whatever the
 * collation makes of É.
 */
const wording = (text: SQL | AnyColumn | string) =>
  sql`lower(regexp_replace(btrim(${text}::text), ${'\\s+'}, ' ', 'g'))`;
const worded = (column: AnyColumn, question: string) => sql`${wording(column)} = ${wording(question)}`;

/**
 * Inserts a question unless its scope (a domain, or the platform: `domainId` null) already has it
 * worded the same: a double-click or a second tab made two entries the bot then had to choose
 * between, and a visitor was asked the same filter question twice. One add at a time per scope
 * (an advisory lock), so two at once cannot both find none; the second gets 409 on `question`.
 */
export async function insertQuestionOnce<Row>(
  db: Db,
  kind: 'helpdesk' | 'filter',
  domainId: string | null,
  question: string,
  insert: (tx: DbOrTx) => Promise<Row>,
): Promise<Row> {
  const table = kind === 'helpdesk' ? chatHelpdesk : chatFilterQuestions;
  const taken = kind === 'helpdesk' ? MESSAGES.helpdeskQuestionTaken : MESSAGES.filterQuestionTaken;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-${kind}:${domainId ?? 'platform'}`}))`);
    const [found] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(domainId ? eq(table.domainId, domainId) : isNull(table.domainId), worded(table.question, question)))
      .limit(1);
    if (found) throw conflict(taken, { question: taken });
    return insert(tx);
  });
}

export async function addHelpdesk(db: Db, businessId: string, input: HelpdeskQuestionInput, now: Date) {
  const { domainId, question, answer } = input;
  await ownDomain(db, businessId, domainId);
  const row = await insertQuestionOnce(db, 'helpdesk', domainId, question, async (tx) => {
    const [made] = await tx
      .insert(chatHelpdesk)
      .values({ businessId, domainId, question, answer, createdAt: now })
      .returning();
    return made!;
  });
  return entryOut(row);
}

export async function listHelpdesk(db: Db, businessId: string, q: Page) {
  await ownDomain(db, businessId, q.domainId);
  const where = and(eq(chatHelpdesk.businessId, businessId), eq(chatHelpdesk.domainId, q.domainId));
  const [total] = await db.select({ n: count() }).from(chatHelpdesk).where(where);
  const rows = await db
    .select()
    .from(chatHelpdesk)
    .where(where)
    .orderBy(desc(chatHelpdesk.createdAt), desc(chatHelpdesk.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { rows: rows.map(entryOut), total: total?.n ?? 0 };
}

export async function deleteHelpdesk(db: Db, businessId: string, questionId: string) {
  const gone = await db
    .delete(chatHelpdesk)
    .where(and(eq(chatHelpdesk.id, questionId), eq(chatHelpdesk.businessId, businessId)))
    .returning({ id: chatHelpdesk.id });
  if (!gone.length) throw notFound();
}

/** What the bot answers from, oldest first (ties between entries keep the first written). */
export async function helpdeskDocs(db: Db, domainId: string): Promise<HelpdeskDoc[]> {
  return db
    .select({ id: chatHelpdesk.id, question: chatHelpdesk.question, answer: chatHelpdesk.answer })
    .from(chatHelpdesk)
    .where(eq(chatHelpdesk.domainId, domainId))
    .orderBy(asc(chatHelpdesk.createdAt), asc(chatHelpdesk.id));
}

export async function addFilter(db: Db, businessId: string, input: FilterQuestionInput, now: Date) {
  const { domainId, question, choices, toPerson } = input;
  await ownDomain(db, businessId, domainId);
  const row = await insertQuestionOnce(db, 'filter', domainId, question, async (tx) => {
    const [made] = await tx
      .insert(chatFilterQuestions)
      .values({ businessId, domainId, question, choices, toPerson, createdAt: now })
      .returning();
    return made!;
  });
  return filterOut(row);
}

export async function listFilters(db: Db, businessId: string, q: Page) {
  await ownDomain(db, businessId, q.domainId);
  const where = and(eq(chatFilterQuestions.businessId, businessId), eq(chatFilterQuestions.domainId, q.domainId));
  const [total] = await db.select({ n: count() }).from(chatFilterQuestions).where(where);
  const rows = await db
    .select()
    .from(chatFilterQuestions)
    .where(where)
    .orderBy(desc(chatFilterQuestions.createdAt), desc(chatFilterQuestions.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { rows: rows.map(filterOut), total: total?.n ?? 0 };
}

export async function deleteFilter(db: Db, businessId: string, questionId: string) {
  const gone = await db
    .delete(chatFilterQuestions)
    .where(and(eq(chatFilterQuestions.id, questionId), eq(chatFilterQuestions.businessId, businessId)))
    .returning({ id: chatFilterQuestions.id });
  if (!gone.length) throw notFound();
}

/** A domain's filter questions as a visitor answers them (oldest first: the order they are asked in). */
export async function filtersOf(db: Db, domainId: string) {
  const rows = await db
    .select()
    .from(chatFilterQuestions)
    .where(eq(chatFilterQuestions.domainId, domainId))
    .orderBy(asc(chatFilterQuestions.createdAt), asc(chatFilterQuestions.id));
  return rows.map(filterOut);
}
