/**
 * The club owner's campaigns: one sent to the newsletter guests and one draft. The sent one goes
 * through the real queue (drainQueue: a recipient row per contact, each mail written to the
 * outbox, nothing leaves the machine), and what came back is the mail's own links followed as a
 * mail client follows them: the open pixel, a button's redirect and the one-click unsubscribe,
 * through the public routes. Its report counts those rows; no figure is written by hand.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CAMPAIGN_API, UNSUBSCRIBE_PAGE } from '../../src/domain/campaigns/api';
import { campaignSchema } from '../../src/domain/campaigns/rules';
import type { AuthContext } from '../context';
import { mailOutbox } from '../db/schema';
import { createCampaign, drainQueue, scheduleCampaign } from '../modules/campaigns';
import type { MailDemo } from './mail-demo';

/** Who did what with the mail (by address): most opened, two followed the button, one left. */
const OPENED = [
  'olivia.bennett@example.com',
  'priya.n@example.org',
  'sofia.alvarez@example.com',
  'marcus.reed@example.net',
];
const CLICKED = ['olivia.bennett@example.com', 'priya.n@example.org'];
const UNSUBSCRIBED = ['hannah.cole@example.net'];

/** The path and query of the first link in `text` that starts with one of the server's `path`s. */
function linkTo(text: string, path: string): string {
  const at = text.indexOf(`${path}?token=`);
  if (at < 0) throw new Error(`no ${path} link in the campaign mail`);
  return text
    .slice(at)
    .split(/["'\s<>]/)[0]!
    .replace(/&amp;/g, '&');
}

async function follow(app: FastifyInstance, method: 'GET' | 'POST', url: string) {
  const res = await app.inject({
    method,
    url,
    ...(method === 'POST'
      ? { payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : {}),
  });
  // The pixel answers 200, the redirect 302, the unsubscribe 200.
  if (res.statusCode >= 400) throw new Error(`${method} ${url.split('?')[0]}: ${res.statusCode} ${res.body}`);
}

export async function seedCampaignDemo(
  app: FastifyInstance,
  owner: AuthContext,
  mail: MailDemo & { senderId: string },
) {
  const businessId = owner.businessId!;
  const base = { senderId: mail.senderId, templateId: mail.templateId, hourlyCap: null };
  const sent = await createCampaign(
    app,
    businessId,
    owner.userId,
    campaignSchema.parse({
      ...base,
      name: 'November line-up',
      subject: 'November at Blue Note: trio Fridays and the late jam',
      segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: 'newsletter' }] },
    }),
  );
  await scheduleCampaign(app, businessId, sent.id, { mode: 'now' });
  await drainQueue(app);

  const mails = await app.ctx.database.db
    .select({ to: mailOutbox.to, html: mailOutbox.html, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.subject, sent.subject));
  for (const m of mails) {
    if (OPENED.includes(m.to)) await follow(app, 'GET', linkTo(m.html ?? '', CAMPAIGN_API.open));
    if (CLICKED.includes(m.to)) await follow(app, 'GET', linkTo(m.html ?? '', CAMPAIGN_API.click));
    if (UNSUBSCRIBED.includes(m.to)) {
      // The text part's link is the unsubscribe page's; the one-click POST takes the same token.
      const token = linkTo(m.text, UNSUBSCRIBE_PAGE).split('?token=')[1]!;
      await follow(app, 'POST', `${CAMPAIGN_API.unsubscribe}?token=${token}`);
    }
  }

  // The next one, still a draft: for the VIP guests.
  await createCampaign(
    app,
    businessId,
    owner.userId,
    campaignSchema.parse({
      ...base,
      name: "New Year's Eve gala",
      subject: "Your invitation to the New Year's Eve gala",
      segment: { match: 'all', conditions: [{ field: 'tag', op: 'has', value: 'vip' }] },
    }),
  );
}
