/**
 * A support chat becomes a support ticket (the product brief, section 1: "a chat can be turned
 * into a support ticket with its transcript"), by its user or by IT. The ticket is opened through
 * the support desk's face (`openTicket`, the one writer of the tickets table) in the name of the
 * chat's user and business, whoever asked, so it is on their `tickets` list and on IT's desk. Its
 * description is the transcript; a chat becomes one ticket at most.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SupportChatTicket } from '../../../src/domain/chat/support';
import type { ChatMessage } from '../../../src/domain/chat/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { normalizeRole } from '../../../src/domain/roles';
import { DESCRIPTION_MAX, SUBJECT_MAX } from '../../../src/domain/support/tickets';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { openTicket } from '../support';
import { messagesAfter } from './chat-messages';
import { announceSupportChat } from './support-live';
import type { SupportChatRow } from './support-service';
import { chatConversations } from './tables';

const pad = (n: number) => String(n).padStart(2, '0');
/** MM/DD/YYYY HH:MM UTC (the ticket is read by people in any time zone). */
const stamp = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
};

const EVENT_WORDS: Record<string, string> = {
  waiting: 'Asked for a person.',
  tookOver: '{name} took over the chat.',
  handedBack: '{name} handed the chat back to the bot.',
  closed: '{name} closed the chat.',
  botFailed: 'The bot could not answer; waiting for a person.',
};

function lineOf(m: ChatMessage): string {
  if (m.author === 'system')
    return `${stamp(m.createdAt)} — ${(EVENT_WORDS[m.event ?? ''] ?? '').replace('{name}', m.authorName || 'Support')}`;
  const cited = m.citation ? ` [from the help desk: ${m.citation.question}]` : '';
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

/** The transcript as the ticket's description: the latest lines that fit, with a note of what was left out. */
export function transcriptOf(chat: { visitorName: string }, messages: ChatMessage[]): string {
  const head = `Support chat with ${chat.visitorName}.`;
  const lines = messages.map(lineOf);
  const kept: string[] = [];
  let size = head.length + 80; // room for the note below
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.length > DESCRIPTION_MAX / 2 ? `${lines[i]!.slice(0, DESCRIPTION_MAX / 2)}…` : lines[i]!;
    if (size + line.length + 1 > DESCRIPTION_MAX) break;
    kept.unshift(line);
    size += line.length + 1;
  }
  const left = lines.length - kept.length;
  const note = left ? [`(${left} earlier message${left === 1 ? '' : 's'} left out; the chat keeps them.)`] : [];
  return [head, ...note, '', ...kept].join('\n');
}

/** Opens the ticket in the chat's user's name and ties it to the chat; refuses an empty chat or a second ticket. */
export async function turnIntoTicket(app: FastifyInstance, chat: SupportChatRow): Promise<SupportChatTicket> {
  const { db } = app.ctx.database;
  if (chat.ticketId) throw conflict(MESSAGES.supportChatAlreadyTicket);
  const messages = await allMessages(db, chat.id);
  const asked = messages.find((m) => m.author === 'visitor');
  if (!asked) throw conflict(MESSAGES.supportChatEmpty);
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, chat.userId!));
  const role = normalizeRole(user?.role);
  if (!user || !role) throw notFound();
  const subject = `Support chat: ${asked.text.replace(/\s+/g, ' ')}`;
  const ticket = await openTicket(
    app,
    { userId: user.id, role, businessId: chat.businessId },
    {
      subject: subject.length > SUBJECT_MAX ? `${subject.slice(0, SUBJECT_MAX - 1)}…` : subject,
      category: 'question',
      description: transcriptOf(chat, messages),
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
