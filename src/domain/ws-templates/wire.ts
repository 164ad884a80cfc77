/**
 * The WhatsApp templates' answers (docs/architecture.md, "Wire shapes"): the routes answer
 * through these and the screens read their output types.
 */
import * as z from 'zod/mini';
import { timestamp } from '../wire';
import { WS_BUTTON_TYPES, WS_CATEGORIES, WS_HEADER_FORMATS, WS_LANGUAGES } from './rules';
import { WS_STATUSES } from './status';

const owner = {
  id: z.string(),
  /** The business it belongs to; null for the platform's own (made by an administrator). */
  businessId: z.nullable(z.string()),
  businessName: z.nullable(z.string()),
};

export const wsTemplateRow = z.object({
  ...owner,
  name: z.string(),
  category: z.enum(WS_CATEGORIES),
  language: z.enum(WS_LANGUAGES),
  status: z.enum(WS_STATUSES),
  updatedAt: timestamp,
});
export type WsTemplateRow = z.output<typeof wsTemplateRow>;

export const wsHistoryEntry = z.object({
  /** null for the template's creation. */
  fromStatus: z.nullable(z.enum(WS_STATUSES)),
  toStatus: z.enum(WS_STATUSES),
  note: z.string(),
  /** Who: their name, or their email when they have none; null when the account is gone. */
  by: z.nullable(z.string()),
  at: timestamp,
});
export type WsHistoryEntry = z.output<typeof wsHistoryEntry>;

export const wsTemplateAnswer = z.object({
  ...owner,
  name: z.string(),
  category: z.enum(WS_CATEGORIES),
  language: z.enum(WS_LANGUAGES),
  headerFormat: z.enum(WS_HEADER_FORMATS),
  headerText: z.string(),
  headerExample: z.string(),
  headerMediaUrl: z.string(),
  body: z.string(),
  bodyExamples: z.array(z.string()),
  footer: z.string(),
  buttons: z.array(
    z.object({
      type: z.enum(WS_BUTTON_TYPES),
      text: z.string(),
      url: z.string(),
      urlExample: z.string(),
      phone: z.string(),
    }),
  ),
  status: z.enum(WS_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
  history: z.array(wsHistoryEntry),
});
export type WsTemplateAnswer = z.output<typeof wsTemplateAnswer>;
