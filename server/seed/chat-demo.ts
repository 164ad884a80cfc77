/**
 * The club's website chat: the bot of the club's domain (its name, greeting and parameters) and
 * the helpdesk it answers from, saved through the chat module's services; then three visitors
 * write through the widget's public routes, as the widget does, and the offline bot answers from
 * that helpdesk: one is answered, one question it cannot answer hands the chat to a person (the
 * conversation waits, the owner's bell rings), and one visitor who asked for a person got a reply
 * from Carla, who took the chat over.
 */
import type { FastifyInstance } from 'fastify';
import { CHAT_API } from '../../src/domain/chat/api';
import { botParametersSchema, chatbotSchema, helpdeskQuestionSchema } from '../../src/domain/chat/rules';
import type { AuthContext } from '../context';
import { addHelpdesk, domainInbox, memberReplies, saveChatbot, saveParameters } from '../modules/chat';

const HELPDESK: [string, string][] = [
  [
    'What time do the doors open?',
    'Doors open at 8 PM and close at 2 AM, Wednesday to Sunday. The first set starts at 9 PM.',
  ],
  [
    'Is there a dress code?',
    'Smart casual. Sportswear and flip-flops are not allowed, and the door staff may refuse entry.',
  ],
  [
    'How do I reserve a table?',
    'Book online under Reservations on our website. A table is held for 15 minutes after the booked time; a party of more than 8 guests needs a $50 deposit.',
  ],
  ['How old do I have to be?', 'Guests must be 21 or older and show a valid photo ID at the door.'],
  [
    'Is there parking near the club?',
    'The Harbor Street garage is a two-minute walk away and stays open until 3 AM. Street parking is free after 8 PM.',
  ],
];

/** [visitor, messages, asks for a person, the owner's reply]. */
const VISITORS: [string, string[], boolean, string | null][] = [
  ['Jamie Lin', ['Hi! What time do the doors open on Friday?'], false, null],
  ['Liam Carter', ['Can I bring my own birthday cake for a group of ten?'], false, null],
  [
    'Emma Wright',
    ['Do I need to reserve a table for Saturday?'],
    true,
    "Hi Emma, Carla here. Saturday is nearly full, but I can hold a table for four at 9 PM if you'd like. Shall I put it under your name?",
  ],
];

async function visitor(app: FastifyInstance, url: string, token: string | null, payload: object) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { 'x-visitor-token': token } : {},
  });
  if (res.statusCode >= 300) throw new Error(`POST ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { result: Record<string, unknown> }).result;
}

const conversationPath = (path: string, id: string) => path.replace(':conversationId', id);

export async function seedChatDemo(app: FastifyInstance, owner: AuthContext, domainId: string) {
  const businessId = owner.businessId!;
  const { db } = app.ctx.database;
  const now = () => new Date(app.ctx.now());
  await saveChatbot(
    db,
    businessId,
    chatbotSchema.parse({
      domainId,
      name: 'Blue',
      greeting: "Hi, I'm Blue, Blue Note Club's assistant. Ask me about our hours, tables or the dress code.",
      useDocuments: false,
    }),
    now(),
  );
  await saveParameters(
    db,
    businessId,
    botParametersSchema.parse({
      domainId,
      tone: 'friendly',
      answerLength: 'short',
      temperature: 0.3,
      handover: 'whenUnsure',
      capPerSession: 50,
      capPerDay: 200,
      capPerIp: 1000,
    }),
    now(),
  );
  for (const [question, answer] of HELPDESK)
    await addHelpdesk(db, businessId, helpdeskQuestionSchema.parse({ domainId, question, answer }), now());

  for (const [name, messages, asksForPerson, reply] of VISITORS) {
    const started = await visitor(app, CHAT_API.visitorStart.replace(':domainId', domainId), null, {
      name,
      answers: [],
    });
    const id = started.conversationId as string;
    const token = started.visitorToken as string;
    for (const text of messages) await visitor(app, conversationPath(CHAT_API.visitorMessages, id), token, { text });
    if (asksForPerson) await visitor(app, conversationPath(CHAT_API.visitorPerson, id), token, {});
    if (reply) await memberReplies(db, domainInbox(businessId, domainId), owner.userId, id, reply, now());
  }
}
