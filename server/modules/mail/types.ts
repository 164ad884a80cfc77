/** What the rest of the server sees of mail: one adapter, whichever driver is behind it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailAdapter {
  readonly transport: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  /** Round-trip check for the status page; null when there is nothing to reach. */
  verify(): Promise<boolean | null>;
}

export type MailLog = (line: string) => void;
