/**
 * The club owner's mail set-up, made through each area's own services as the owner would make it
 * on the screens: the club's sending domain (added, so its DNS records are there to publish, and
 * never checked: it shows as not verified yet), a default sender proven by the code the server
 * mailed to it (read back from the outbox, as a newcomer reads it in the console) and a second
 * one still waiting for its code, two email templates of the club's own, two WhatsApp templates
 * (a draft, and one marked submitted: nothing is sent to WhatsApp from this product) and the
 * contacts a campaign goes to. Nothing leaves the machine: the senders are added only with the
 * embedded outbox as the mail transport: with SMTP configured no sender is added.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resolvedSource } from '../../src/domain/email-templates/blocks-mjml';
import { emailTemplateSchema } from '../../src/domain/email-templates/rules';
import { wsTemplateSchema } from '../../src/domain/ws-templates/rules';
import contactsResource from '../../src/resources/contacts/resource';
import type { AuthContext } from '../context';
import { mailOutbox } from '../db/schema';
import { createRecord } from '../resources/create-record';
import { addDomain, addSender, updateSender, verifySender } from '../modules/domains';
import { createEmailTemplate, renderChecked } from '../modules/email-templates';
import { createWsTemplate, moveWsTemplateStatus } from '../modules/ws-templates';
import { publicOrigin } from '../http/public-origin';

export const CLUB_DOMAIN = 'bluenoteclub.example';
export const NEWSLETTER_TEMPLATE = 'Monthly line-up';

const MONTHLY_MJML = `<mjml>
  <mj-body background-color="#f4f4f5">
    <mj-section background-color="#111827" padding="24px">
      <mj-column>
        <mj-text color="#ffffff" font-size="24px" font-weight="bold">{{business.name}}</mj-text>
        <mj-text color="#d1d5db" font-size="14px">This month's line-up</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="16px" line-height="24px">Hi {{contact.firstName | "friend"}},</mj-text>
        <mj-text font-size="16px" line-height="24px">Fridays belong to the Marcus Hale Trio, Saturday nights to our late jazz jam, and on the last Sunday of the month we host the big band brunch.</mj-text>
        <mj-text font-size="16px" line-height="24px">Tables go fast on weekends: book yours online and skip the line at the door.</mj-text>
        <mj-button href="https://bluenoteclub.example/reservations" background-color="#1677ff">Book a table</mj-button>
        <mj-text font-size="14px" color="#6b7280">See you at the club,<br />Carla and the {{business.name}} team</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

const WELCOME_MJML = `<mjml>
  <mj-body background-color="#f4f4f5">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold">Welcome to the guest list</mj-text>
        <mj-text font-size="16px" line-height="24px">Hi {{contact.firstName | "there"}}, thanks for joining {{business.name}}'s guest list.</mj-text>
        <mj-text font-size="16px" line-height="24px">Members hear about new shows first and get priority on table reservations for sold-out nights.</mj-text>
        <mj-button href="https://bluenoteclub.example/events" background-color="#1677ff">See what's on</mj-button>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

const TEMPLATES = [
  { name: NEWSLETTER_TEMPLATE, kind: 'general', subject: 'This month at {{business.name}}', mjml: MONTHLY_MJML },
  {
    name: 'Welcome to the guest list',
    kind: 'general',
    subject: 'Welcome, {{contact.firstName | "friend"}}',
    mjml: WELCOME_MJML,
  },
];

const WS_TEMPLATES = [
  {
    submitted: true,
    input: {
      name: 'weekend_lineup',
      category: 'marketing',
      language: 'en_US',
      headerFormat: 'text',
      headerText: 'This weekend at Blue Note',
      body: 'Hi {{1}}, this weekend we have {{2}} on stage. Reply to this message to hold a table.',
      bodyExamples: ['Ann', 'the Marcus Hale Trio'],
      footer: 'Reply STOP to opt out',
      buttons: [{ type: 'quick_reply', text: 'Hold a table' }],
    },
  },
  {
    submitted: false,
    input: {
      name: 'reservation_reminder',
      category: 'utility',
      language: 'en_US',
      body: 'Hi {{1}}, your table for {{2}} at Blue Note Club is booked for {{3}}. See you soon!',
      bodyExamples: ['Ann', '4', 'Friday at 8:30 PM'],
      buttons: [{ type: 'url', text: 'Manage booking', url: 'https://bluenoteclub.example/reservations' }],
    },
  },
];

/** [full name, email, status, tags, language]: the club's guest list. */
const CONTACTS: [string, string, 'lead' | 'customer' | 'inactive', string, 'en' | 'es' | null][] = [
  ['Olivia Bennett', 'olivia.bennett@example.com', 'customer', 'newsletter, vip', null],
  ['Marcus Reed', 'marcus.reed@example.net', 'customer', 'newsletter', null],
  ['Priya Natarajan', 'priya.n@example.org', 'customer', 'newsletter, vip', null],
  ['Daniel Okafor', 'daniel.okafor@example.com', 'lead', 'newsletter', null],
  ['Sofia Alvarez', 'sofia.alvarez@example.com', 'customer', 'newsletter', 'es'],
  ['Hannah Cole', 'hannah.cole@example.net', 'lead', 'newsletter', null],
  ['Grace Kim', 'grace.kim@example.org', 'customer', 'vip', null],
  ['Victor Hughes', 'victor.hughes@example.com', 'inactive', '', null],
];

/** The newest mail the outbox holds for `to`: what the owner would read in their inbox. */
async function mailedCode(app: FastifyInstance, to: string): Promise<string> {
  const [mail] = await app.ctx.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no sender code was mailed to ${to}`);
  return code;
}

export interface MailDemo {
  domainId: string;
  /** The verified default sender; null when none could be proven (mail not kept in the outbox). */
  senderId: string | null;
  templateId: string;
}

export async function seedMailDemo(app: FastifyInstance, owner: AuthContext): Promise<MailDemo> {
  const businessId = owner.businessId!;
  const domain = await addDomain(app, owner, { name: CLUB_DOMAIN });

  // A sender is proven by a mailed code: only where mail stays in the outbox (workspace-demo.ts).
  let senderId: string | null = null;
  if (app.ctx.mail.transport === 'outbox') {
    const news = `news@${CLUB_DOMAIN}`;
    const sender = await addSender(app, owner, {
      displayName: 'Blue Note Club',
      address: news,
      replyTo: `hello@${CLUB_DOMAIN}`,
    });
    senderId = sender.id as string;
    await verifySender(app, owner, senderId, await mailedCode(app, news));
    // The default once proved: a sender waiting for its code cannot be (src/domain/senders/default-sender.ts).
    await updateSender(app, owner, { id: senderId, isDefault: true });
    // Added, its code mailed and not typed in yet: the senders list shows it waiting.
    await addSender(app, owner, { displayName: 'Blue Note Bookings', address: `bookings@${CLUB_DOMAIN}` });
  }

  const origin = publicOrigin(app.ctx.config, null);
  let templateId = '';
  for (const t of TEMPLATES) {
    const source = resolvedSource(emailTemplateSchema.parse(t), origin);
    const rendered = await renderChecked(app, businessId, source);
    const id = await createEmailTemplate(app.ctx.database.db, businessId, source, rendered, {
      userId: owner.userId,
      now: app.ctx.now(),
    });
    if (t.name === NEWSLETTER_TEMPLATE) templateId = id;
  }

  for (const t of WS_TEMPLATES) {
    const actor = { userId: owner.userId, now: app.ctx.now() };
    const id = await createWsTemplate(app.ctx.database.db, businessId, wsTemplateSchema.parse(t.input), actor);
    if (t.submitted)
      await moveWsTemplateStatus(
        app.ctx.database.db,
        businessId,
        id,
        { status: 'submitted', note: 'Submitted for review in WhatsApp Manager.' },
        actor,
      );
  }

  const author = { role: owner.role, businessId, userId: owner.userId };
  for (const [fullName, email, status, tags, language] of CONTACTS)
    await createRecord(
      app,
      contactsResource,
      { fullName, email, status, tags, ...(language ? { language } : {}) },
      author,
    );

  return { domainId: domain.id as string, senderId, templateId };
}
