/**
 * The platform's bot and helpdesk (ADMIN keeps them): what the in-app support chat's bot is
 * called and answers from (docs/live-chat.md, "The in-app support chat"). The settings are the
 * single chat_platform_bot row (defaults until the first save); the helpdesk entries are
 * chat_helpdesk rows with no business and no domain. The answers are a domain's shapes, with
 * PLATFORM_CHAT_ID where a domain's id goes, so ADMIN's screen is the domain settings' forms.
 */
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import type {
  BotParametersInput,
  ChatbotInput,
  HelpdeskQuestionInput,
  SystemPromptInput,
} from '../../../src/domain/chat/rules';
import { PLATFORM_CHAT_ID } from '../../../src/domain/chat/support';
import type { BotSettings, HelpdeskEntry } from '../../../src/domain/chat/wire';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { insertQuestionOnce } from './helpdesk-service';
import type { HelpdeskDoc } from './bot';
import { BOT_DEFAULTS, settingsOut } from './chat-settings';
import { nextBotVersion, versionedSave } from './bot-version';
import { chatHelpdesk, chatPlatformBot } from './tables';

type PlatformRow = typeof chatPlatformBot.$inferSelect;
type Patch = Partial<Omit<typeof chatPlatformBot.$inferInsert, 'id'>>;

/** The platform in the settings' shape (no business, no domain: PLATFORM_CHAT_ID stands for it). */
const PLATFORM = { id: PLATFORM_CHAT_ID, businessId: '', name: 'platform', unicodeName: 'platform' };

/** A request naming another "domain" than the platform's is not about the platform: 404. */
export function checkPlatformId(domainId: string) {
  if (domainId !== PLATFORM_CHAT_ID) throw notFound();
}

export async function platformBotRow(db: Db): Promise<PlatformRow | undefined> {
  const [row] = await db.select().from(chatPlatformBot).limit(1);
  return row;
}

/**
 * The platform bot's name when none is set. A website bot's unset name is worded by each visitor's
 * widget in their language (chat-settings.ts BOT_DEFAULTS); the in-app support chat's panel shows
 * the name as the server gives it, so the platform keeps its English default as before.
 */
const PLATFORM_BOT_NAME = 'Assistant';

const out = (row: PlatformRow | undefined): BotSettings => {
  const settings = settingsOut(PLATFORM, row && { ...row, domainId: PLATFORM_CHAT_ID, businessId: '' });
  return { ...settings, name: settings.name || PLATFORM_BOT_NAME };
};

export const platformSettings = async (db: Db) => out(await platformBotRow(db));

/** Writes part of the settings; `seen`, the version the form was made from, checked as a domain's (bot-version.ts). */
async function save(db: Db, patch: Patch, now: Date, seen?: string | null) {
  const values = { ...BOT_DEFAULTS, ...patch, id: 'platform', updatedAt: now };
  const row = await versionedSave(db, seen, {
    lockedVersion: async (tx) =>
      (await tx.select({ updatedAt: chatPlatformBot.updatedAt }).from(chatPlatformBot).for('update'))[0]?.updatedAt,
    insertFirst: async (tx) => (await tx.insert(chatPlatformBot).values(values).onConflictDoNothing().returning())[0],
    upsert: async (tx) =>
      (
        await tx
          .insert(chatPlatformBot)
          .values(values)
          .onConflictDoUpdate({
            target: chatPlatformBot.id,
            set: { ...patch, updatedAt: nextBotVersion(chatPlatformBot.updatedAt, now) },
          })
          .returning()
      )[0]!,
  });
  return out(row);
}

export async function savePlatformChatbot(db: Db, input: ChatbotInput, now: Date) {
  checkPlatformId(input.domainId);
  return save(
    db,
    { name: input.name ?? '', greeting: input.greeting ?? '', useDocuments: false },
    now,
    input.updatedAt,
  );
}

export async function savePlatformPrompt(db: Db, input: SystemPromptInput, now: Date) {
  checkPlatformId(input.domainId);
  return save(db, { systemPrompt: input.systemPrompt }, now, input.updatedAt);
}

export async function savePlatformParameters(db: Db, input: BotParametersInput, now: Date) {
  const { domainId, updatedAt, ...parameters } = input;
  checkPlatformId(domainId);
  return save(db, parameters, now, updatedAt);
}

/** Sets the picture; answers the settings and the picture it replaced (to remove). */
export async function savePlatformAvatar(db: Db, file: string, now: Date) {
  const old = (await platformBotRow(db))?.avatarFile ?? null;
  const settings = await save(db, { avatarFile: file }, now);
  return { settings, replaced: old && old !== file ? old : null };
}

// The platform's helpdesk: chat_helpdesk rows with neither a business nor a domain.

const platformEntry = and(isNull(chatHelpdesk.businessId), isNull(chatHelpdesk.domainId));

const entryOut = (r: typeof chatHelpdesk.$inferSelect): HelpdeskEntry => ({
  id: r.id,
  question: r.question,
  answer: r.answer,
  createdAt: r.createdAt.toISOString(),
});

export async function addPlatformHelpdesk(db: Db, input: HelpdeskQuestionInput, now: Date) {
  checkPlatformId(input.domainId);
  const row = await insertQuestionOnce(db, 'helpdesk', null, input.question, async (tx) => {
    const [made] = await tx
      .insert(chatHelpdesk)
      .values({ businessId: null, domainId: null, question: input.question, answer: input.answer, createdAt: now })
      .returning();
    return made!;
  });
  return entryOut(row);
}

export async function listPlatformHelpdesk(db: Db, q: { domainId: string; page: number; perPage: number }) {
  checkPlatformId(q.domainId);
  const [total] = await db.select({ n: count() }).from(chatHelpdesk).where(platformEntry);
  const rows = await db
    .select()
    .from(chatHelpdesk)
    .where(platformEntry)
    .orderBy(desc(chatHelpdesk.createdAt), desc(chatHelpdesk.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { rows: rows.map(entryOut), total: total?.n ?? 0 };
}

/** Deletes a platform entry; a business's entry id matches nothing (404). */
export async function deletePlatformHelpdesk(db: Db, questionId: string) {
  const gone = await db
    .delete(chatHelpdesk)
    .where(and(eq(chatHelpdesk.id, questionId), platformEntry))
    .returning({ id: chatHelpdesk.id });
  if (!gone.length) throw notFound();
}

/** What the platform's bot answers from, oldest first (as a domain's bot reads its helpdesk). */
export async function platformHelpdeskDocs(db: Db): Promise<HelpdeskDoc[]> {
  return db
    .select({ id: chatHelpdesk.id, question: chatHelpdesk.question, answer: chatHelpdesk.answer })
    .from(chatHelpdesk)
    .where(platformEntry)
    .orderBy(asc(chatHelpdesk.createdAt), asc(chatHelpdesk.id));
}
