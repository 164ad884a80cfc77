/**
 * A support chat becomes a support ticket (the product brief, section 1: "a chat can be turned
 * into a support ticket with its transcript"), by its user or by IT. The ticket is opened through
 * the support desk's face (`openTicket`, the one writer of the tickets table) in the name of the
 * chat's user and business, whoever asked, so it is on their `tickets` list and on IT's desk. Its
 * description is the transcript; a chat becomes one ticket at most.
 *
 * The words the server writes itself (the subject's "Support chat: …", the transcript's head, its
 * event lines, the note of messages left out, a help-desk citation) are in the language of the
 * chat's user, the ticket's owner (`users.language`, the language of the platform's mails to that
 * account), whoever pressed the button: the ticket is theirs and they read it on their `tickets`
 * list, while IT reads every language. The texts are the `supportChatTicket` group of the screens'
 * translations (public/locales/<lng>/translation.json, read by server/i18n), so both languages
 * have the same strings; the time stamps are MM/DD/YYYY h:mm A UTC in every language, as every date the
 * product shows (docs/product-brief.md, section 9).
 * What people typed is kept as typed.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SupportChatTicket } from '../../../src/domain/chat/support';
import type { ChatMessage } from '../../../src/domain/chat/wire';
import type { PlatformMailLocale } from '../../../src/domain/email-templates/kinds';
import { MESSAGES } from '../../../src/domain/messages';
import { normalizeRole } from '../../../src/domain/roles';
import { DESCRIPTION_MAX, SUBJECT_MAX } from '../../../src/domain/support/tickets';
import { formatZonedDateTime } from '../../../src/domain/venue/zoned-format';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { t } from '../../i18n';
import { openTicket } from '../support';
import { messagesAfter } from './chat-messages';
import { announceSupportChat } from './support-live';
import type { SupportChatRow } from './support-service';
import { chatConversations } from './tables';

/** A text of the `supportChatTicket` group in `lang`, filled from `vars`. */
const say = (lang: PlatformMailLocale, key: string, vars?: Record<string, string | number>) =>
  t(lang, `supportChatTicket.${key}`, vars) ?? t('en', `supportChatTicket.${key}`, vars) ?? '';

/**
 * MM/DD/YYYY h:mm A UTC in every language, as the product writes every time (the ticket is read by
 * people in any time zone). It was HH:MM, 24-hour ("13:49 UTC"), unlike every other time shown.
 */
const stamp = (iso: string) => `${formatZonedDateTime(iso, 'UTC')} UTC`;

const EVENTS = new Set(['waiting', 'tookOver', 'handedBack', 'closed', 'botFailed']);

function lineOf(m: ChatMessage, lang: PlatformMailLocale): string {
  if (m.author === 'system') {
    const event = EVENTS.has(m.event ?? '')
      ? say(lang, `events.${m.event}`, { name: m.authorName || say(lang, 'support') })
      : '';
    return `${stamp(m.createdAt)} — ${event}`;
  }
  const cited = m.citation ? ` ${say(lang, 'cited', { question: m.citation.question })}` : '';
  return `${stamp(m.createdAt)} — ${m.authorName || m.author}: ${m.text}${cited}`;
}

async function allMessages(db: Db, id: string): Promise<ChatMessage[]> {
  const all: ChatMessage[] = [];
  for (;;) {
    const page = await messagesAfter(db, id, all.at(-1)?.seq ?? 0);
    if (!page.length) return all;
    all.push(...page);
  }
}

/** The transcript as the ticket's description, in `lang`: the latest lines that fit, with a note of what was left out. */
export function transcriptOf(
  chat: { visitorName: string },
  messages: ChatMessage[],
  lang: PlatformMailLocale = 'en',
): string {
  const head = say(lang, 'head', { name: chat.visitorName });
  const lines = messages.map((m) => lineOf(m, lang));
  const kept: string[] = [];
  let size = head.length + 80; // room for the note below
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.length > DESCRIPTION_MAX / 2 ? `${lines[i]!.slice(0, DESCRIPTION_MAX / 2)}…` : lines[i]!;
    if (size + line.length + 1 > DESCRIPTION_MAX) break;
    kept.unshift(line);
    size += line.length + 1;
  }
  const left = lines.length - kept.length;
  const note = left ? [say(lang, left === 1 ? 'leftOut_one' : 'leftOut_other', { count: left })] : [];
  return [head, ...note, '', ...kept].join('\n');
}

/** Opens the ticket in the chat's user's name and ties it to the chat; refuses an empty chat or a second ticket. */
export async function turnIntoTicket(app: FastifyInstance, chat: SupportChatRow): Promise<SupportChatTicket> {
  const { db } = app.ctx.database;
  if (chat.ticketId) throw conflict(MESSAGES.supportChatAlreadyTicket);
  const messages = await allMessages(db, chat.id);
  const asked = messages.find((m) => m.author === 'visitor');
  if (!asked) throw conflict(MESSAGES.supportChatEmpty);
  const [user] = await db
    .select({ id: users.id, role: users.role, language: users.language })
    .from(users)
    .where(eq(users.id, chat.userId!));
  const role = normalizeRole(user?.role);
  if (!user || !role) throw notFound();
  const lang: PlatformMailLocale = user.language === 'es' ? 'es' : 'en';
  const subject = say(lang, 'subject', { text: asked.text.replace(/\s+/g, ' ') });
  const ticket = await openTicket(
    app,
    { userId: user.id, role, businessId: chat.businessId },
    {
      subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject,
      category: 'question',
      description: transcriptOf(chat, messages, lang),
      priority: 'normal',
    },
    {
      // The chat's row is locked while its ticket is opened: the user and IT pressing at the same
      // moment (or two tabs) open one ticket, and the others are told the chat is one already.
      check: async (tx) => {
        const [row] = await tx
          .select({ ticketId: chatConversations.ticketId })
          .from(chatConversations)
          .where(eq(chatConversations.id, chat.id))
          .for('update');
        if (row?.ticketId) throw conflict(MESSAGES.supportChatAlreadyTicket);
      },
      done: async (tx, ticketId) => {
        await tx.update(chatConversations).set({ ticketId }).where(eq(chatConversations.id, chat.id));
      },
    },
  );
  await announceSupportChat(app, chat);
  return { ticketId: ticket.id, number: ticket.number };
}
