/**
 * The email campaigns' calls (email_campaigns: CLUBOWNER; product brief sections 2 and 7). The
 * brief's path catalogue names /api/Campaign without payloads; our reading is REST-like under it:
 * the campaigns, the audience count and per-contact preview the form asks while it is filled in,
 * the schedule and its pause / resume / cancel, the report. The public part (no sign-in) is the
 * unsubscribe page's calls, the open pixel, the click redirect and the provider's webhook.
 */
import type { Role } from '../roles';

export const CAMPAIGN_API = {
  /** GET (paged list) and POST (a draft). */
  campaigns: '/api/Campaign/campaigns',
  /** GET one, PUT (a draft only). */
  campaign: '/api/Campaign/campaigns/:id',
  /** POST { mode: now } | { mode: at, date, time } (the business's time zone). */
  schedule: '/api/Campaign/campaigns/:id/schedule',
  pause: '/api/Campaign/campaigns/:id/pause',
  resume: '/api/Campaign/campaigns/:id/resume',
  cancel: '/api/Campaign/campaigns/:id/cancel',
  /** GET: the counts and the hourly series. */
  report: '/api/Campaign/campaigns/:id/report',
  /** GET: the verified senders and the business's templates the form offers. */
  options: '/api/Campaign/options',
  /** POST { segment }: how many contacts match now, and the first few (the preview's picks). */
  audience: '/api/Campaign/audience',
  /** POST { templateId, subject, contactId }: the mail that contact would get. */
  preview: '/api/Campaign/preview',
  /** GET ?token (who and which business) and POST ?token (RFC 8058 one-click, or the page's button). */
  unsubscribe: '/api/Campaign/unsubscribe',
  /** GET ?token: a 1x1 GIF that records an open. */
  open: '/api/Campaign/o',
  /** GET ?token (it carries the link, longer than a path parameter may be): records a click and redirects. */
  click: '/api/Campaign/c',
  /** POST: bounce / complaint / delivery notifications, HMAC-signed. */
  webhook: '/api/Campaign/webhook',
  /** POST: SendGrid's signed Event Webhook (ECDSA P-256), when its key is configured. */
  sendgridWebhook: '/api/Campaign/webhook/sendgrid',
} as const;

/** The public page a campaign mail's unsubscribe link opens. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';
/**
 * The page's language, carried by the link (`?token=…&lang=es`): the reader has no account, and a
 * Spanish mail's "Darse de baja" must not open an English page.
 */
export const UNSUBSCRIBE_LANGUAGE_PARAM = 'lang';

export const campaignPath = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** email_campaigns is CLUBOWNER only (product brief section 2). */
export const CAMPAIGN_ROLES: Role[] = ['CLUBOWNER'];

/** The header a webhook's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-campaign-signature';
/** A signature older (or newer) than this is stale: a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The header each campaign mail carries with its recipient's reference; providers echo it back. */
export const RECIPIENT_REF_HEADER = 'X-Campaign-Ref';
