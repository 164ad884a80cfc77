/**
 * One message, built once into the bytes that are sent: who it is from (the business's default
 * sender, or the platform's MAIL_FROM), and — when the sender's domain is a verified domain of
 * that business — signed with its DKIM key by nodemailer's `dkim` option. Both drivers use it:
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

/** Who the message is from. A resolver that fails leaves the mail to MAIL_FROM rather than lose it. */
async function fromOf(
  message: MailMessage,
  platformFrom: string,
  senderFor: SenderResolver | undefined,
  log: MailLog,
): Promise<Built & { replyTo?: string; key?: DkimKey }> {
  const platform = { from: platformFrom, fromAddress: addressOf(platformFrom), dkim: null };
  if (!message.businessId || !senderFor) return platform;
  let sender;
  try {
    sender = await senderFor(message.businessId);
  } catch (err) {
    log(`[mail] the sender of business ${message.businessId} could not be read, MAIL_FROM used: ${String(err)}`);
    return platform;
  }
  if (!sender) return platform;
  return {
    from: { name: sender.name, address: sender.address },
    fromAddress: sender.address,
    ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
    dkim: sender.dkim && { domainName: sender.dkim.domainName, keySelector: sender.dkim.keySelector },
    ...(sender.dkim ? { key: sender.dkim } : {}),
  };
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
  const { key, replyTo, ...built } = await fromOf(message, platformFrom, senderFor, log);
  const info = await (
    await streamBuilder()
  ).sendMail({
    from: built.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(replyTo ? { replyTo } : {}),
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
