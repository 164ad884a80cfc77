/**
 * A domain's bot settings (conversations/{id}/settings): its name, greeting, avatar, system
 * prompt and parameters. No row means the defaults below; the first save writes the row. Every
 * call names a domain of the caller's business; another business's domain answers 404.
 */
import { eq } from 'drizzle-orm';
import type { BotParametersInput, ChatbotInput, SystemPromptInput } from '../../../src/domain/chat/rules';
import type { BotSettings } from '../../../src/domain/chat/wire';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { domainById, domainOfBusiness, type DomainRef } from '../domains';
import { nextBotVersion, versionedSave } from './bot-version';
import { chatBots } from './tables';

type BotRow = typeof chatBots.$inferSelect;

export const AVATAR_PATH = '/api/crmmanagement/chatbot/avatar';

export const BOT_DEFAULTS = {
  /**
   * No name set: each visitor's widget calls the bot by the default name in the visitor's language
   * ("Assistant", "Asistente": src/widget/strings.ts), and the settings form shows it as a hint.
   * It was 'Assistant', written into the row by the first save of any part, so a Spanish visitor
   * met an English name the owner never chose. A name the owner typed is kept as typed.
   */
  name: '',
  greeting: '',
  avatarFile: null,
  systemPrompt: '',
  useDocuments: false,
  tone: 'friendly',
  answerLength: 'medium',
  temperature: 0.3,
  handover: 'whenUnsure',
  capPerSession: 50,
  capPerDay: 200,
  capPerIp: 1000,
} as const;

export function settingsOut(domain: DomainRef, row: BotRow | undefined): BotSettings {
  const r = row ?? BOT_DEFAULTS;
  return {
    domainId: domain.id,
    domainName: domain.unicodeName,
    name: r.name,
    greeting: r.greeting,
    avatarUrl: r.avatarFile ? `${AVATAR_PATH}/${r.avatarFile}` : null,
    systemPrompt: r.systemPrompt,
    useDocuments: r.useDocuments,
    tone: r.tone as BotSettings['tone'],
    answerLength: r.answerLength as BotSettings['answerLength'],
    temperature: r.temperature,
    handover: r.handover as BotSettings['handover'],
    capPerSession: r.capPerSession,
    capPerDay: r.capPerDay,
    capPerIp: r.capPerIp,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The caller's domain, or 404 (missing or another business's). */
export async function ownDomain(db: Db, businessId: string, domainId: string): Promise<DomainRef> {
  const domain = await domainOfBusiness(db, businessId, domainId);
  if (!domain) throw notFound();
  return domain;
}

export async function botRow(db: Db, domainId: string): Promise<BotRow | undefined> {
  const [row] = await db.select().from(chatBots).where(eq(chatBots.domainId, domainId));
  return row;
}

/** A visitor's view: the domain (any business's) and its bot, or null for no such domain. */
export async function publicBot(db: Db, domainId: string) {
  const domain = await domainById(db, domainId);
  if (!domain) return null;
  return { domain, settings: settingsOut(domain, await botRow(db, domainId)) };
}

export async function getSettings(db: Db, businessId: string, domainId: string): Promise<BotSettings> {
  const domain = await ownDomain(db, businessId, domainId);
  return settingsOut(domain, await botRow(db, domainId));
}

type Patch = Partial<Omit<typeof chatBots.$inferInsert, 'domainId' | 'businessId'>>;

/**
 * Writes part of the settings (the rest kept, or the defaults on a first save). `seen`: the
 * version the form was made from, checked (bot-version.ts); undefined: not checked.
 */
async function save(db: Db, businessId: string, domainId: string, patch: Patch, now: Date, seen?: string | null) {
  const domain = await ownDomain(db, businessId, domainId);
  const values = { ...BOT_DEFAULTS, ...patch, domainId, businessId, updatedAt: now };
  const row = await versionedSave(db, seen, {
    lockedVersion: async (tx) =>
      (
        await tx
          .select({ updatedAt: chatBots.updatedAt })
          .from(chatBots)
          .where(eq(chatBots.domainId, domainId))
          .for('update')
      )[0]?.updatedAt,
    insertFirst: async (tx) => (await tx.insert(chatBots).values(values).onConflictDoNothing().returning())[0],
    upsert: async (tx) =>
      (
        await tx
          .insert(chatBots)
          .values(values)
          .onConflictDoUpdate({
            target: chatBots.domainId,
            set: { ...patch, updatedAt: nextBotVersion(chatBots.updatedAt, now) },
          })
          .returning()
      )[0]!,
  });
  return { domain, row };
}

export async function saveChatbot(db: Db, businessId: string, input: ChatbotInput, now: Date) {
  const { domainId, name, greeting, useDocuments, updatedAt } = input;
  const patch = { name: name ?? '', greeting: greeting ?? '', useDocuments };
  const { domain, row } = await save(db, businessId, domainId, patch, now, updatedAt);
  return settingsOut(domain, row);
}

export async function saveSystemPrompt(db: Db, businessId: string, input: SystemPromptInput, now: Date) {
  const { domainId, systemPrompt, updatedAt } = input;
  const { domain, row } = await save(db, businessId, domainId, { systemPrompt }, now, updatedAt);
  return settingsOut(domain, row);
}

export async function saveParameters(db: Db, businessId: string, input: BotParametersInput, now: Date) {
  const { domainId, updatedAt, ...parameters } = input;
  const { domain, row } = await save(db, businessId, domainId, parameters, now, updatedAt);
  return settingsOut(domain, row);
}

/** Sets the avatar; answers the settings and the picture it replaced (to remove). */
export async function saveAvatar(db: Db, businessId: string, domainId: string, file: string, now: Date) {
  const domain = await ownDomain(db, businessId, domainId);
  const old = (await botRow(db, domainId))?.avatarFile ?? null;
  const { row } = await save(db, businessId, domain.id, { avatarFile: file }, now);
  return { settings: settingsOut(domain, row), replaced: old && old !== file ? old : null };
}
