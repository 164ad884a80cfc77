/**
 * One message, built once into the bytes that are sent: who it is from (the business's default
 * sender, or the platform's MAIL_FROM), and — when the sender's domain is a verified domain of
 * that business — signed with its DKIM key by nodemailer's `dkim` option.
 *
 * A sender proven only by a mailed code, on a domain the business has not verified, is never the
 * From: a receiver checks DMARC on the From's domain, and mail from that domain sent through our
 * servers, unsigned and outside its SPF, fails it (rejected or put in spam where the domain
 * publishes p=reject or p=quarantine, as most large mailbox domains do). Such mail goes From
 * MAIL_FROM's address under the sender's display name, with the sender as Reply-To, so it
 * arrives and answers still reach the business. Both drivers use it:
 * the outbox keeps the header block as built (a person sees the DKIM-Signature without SMTP),
 * and the SMTP driver sends these very bytes, so what the outbox shows is what was sent.
 */
import type { Transporter } from 'nodemailer';
import type { SentMessageInfo } from 'nodemailer/lib/stream-transport';
import type { DkimKey, MailLog, MailMessage, SenderResolver } from './types';

export interface ComposedMail {
  /** The From address (no display name): the column `from_address`. */
  fromAddress: string;
  /** The header block as built, CRLF-separated: the column `headers`. */
  headers: string;
  /** The whole message, CRLF line ends as signed. */
  raw: Buffer;
  /** The DKIM signer, when signed (for the log line). */
  dkim: Pick<DkimKey, 'domainName' | 'keySelector'> | null;
}

/** `Name <a@b>` or `a@b`: the address alone. */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

type Built = Pick<ComposedMail, 'fromAddress' | 'dkim'> & { from: string | { name: string; address: string } };

/**
 * Who the message is from. A resolver that fails leaves the mail to MAIL_FROM rather than lose
 * it; an unsigned sender lends only its name and its Reply-To (see above).
 */
export async function fromOf(
  businessId: string | undefined,
  platformFrom: string,
  senderFor: SenderResolver | undefined,
  log: MailLog,
): Promise<Built & { replyTo?: string; key?: DkimKey }> {
  const platform = { from: platformFrom, fromAddress: addressOf(platformFrom), dkim: null };
  if (!businessId || !senderFor) return platform;
  let sender;
  try {
    sender = await senderFor(businessId);
  } catch (err) {
    log(`[mail] the sender of business ${businessId} could not be read, MAIL_FROM used: ${String(err)}`);
    return platform;
  }
  if (!sender) return platform;
  if (!sender.dkim) {
    return {
      from: { name: sender.name, address: platform.fromAddress },
      fromAddress: platform.fromAddress,
      replyTo: sender.replyTo ?? sender.address,
      dkim: null,
    };
  }
  return {
    from: { name: sender.name, address: sender.address },
    fromAddress: sender.address,
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    dkim: { domainName: sender.dkim.domainName, keySelector: sender.dkim.keySelector },
    key: sender.dkim,
  };
}

/** The address fromOf gives this business's mail (the adapter's fromFor). */
export async function fromAddressFor(
  businessId: string | undefined,
  platformFrom: string,
  senderFor: SenderResolver | undefined,
  log: MailLog,
): Promise<string> {
  return (await fromOf(businessId, platformFrom, senderFor, log)).fromAddress;
}

let builder: Promise<Transporter<SentMessageInfo>> | null = null;
/** nodemailer's stream transport: builds the message (and signs it) without sending it anywhere. */
function streamBuilder() {
  builder ??= import('nodemailer').then((m) =>
    m.default.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return builder;
}

export async function composeMail(
  message: MailMessage,
  platformFrom: string,
  senderFor: SenderResolver | undefined,
  log: MailLog,
): Promise<ComposedMail> {
  const { key, replyTo, ...built } = await fromOf(message.businessId, platformFrom, senderFor, log);
  const info = await (
    await streamBuilder()
  ).sendMail({
    from: built.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(replyTo ? { replyTo } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
    // nodemailer takes bytes; a string content here is base64 (types.ts).
    attachments: message.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: typeof a.content === 'string' ? Buffer.from(a.content, 'base64') : a.content,
    })),
    ...(key ? { dkim: { domainName: key.domainName, keySelector: key.keySelector, privateKey: key.privateKey } } : {}),
  });
  const raw = info.message as Buffer;
  const end = raw.indexOf('\r\n\r\n');
  return {
    fromAddress: built.fromAddress,
    dkim: built.dkim,
    raw,
    headers: raw.subarray(0, end < 0 ? raw.length : end).toString('utf8'),
  };
}
