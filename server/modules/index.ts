/**
 * Every area of the API, one Fastify plugin each (server/modules/<area>/plugin.ts). The app
 * registers them in this order; a new area is one folder and one line here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from '../http/type-provider';
import healthModule from './health/plugin';
import mailModule from './mail/plugin';
import userModule from './user/plugin';
import securityModule from './security/plugin';
import businessModule from './business/plugin';
import notificationModule from './notifications/plugin';
import paymentsModule from './payments/plugin';
import adminModule from './admin/plugin';
import teamModule from './team/plugin';
import passkeyModule from './passkey/plugin';
import profileModule from './profile/plugin';
import venueModule from './venue/plugin';
import reservationsModule from './reservations/plugin';
import seatingModule from './seating/plugin';
import webhooksModule from './webhooks/plugin';
import doorModule from './reservations/door-plugin';
import galleryModule from './gallery/plugin';
import eventsModule from './events/plugin';
import supportModule from './support/plugin';
import reportsModule from './reports/plugin';
import serviceTicketsModule from './service-tickets/plugin';
import documentsModule from './documents/plugin';
import availabilityModule from './availability/plugin';
import invoicesModule from './invoices/plugin';
import catalogueModule from './catalogue/plugin';
import bookingsModule from './bookings/plugin';
import quotesModule from './quotes/plugin';
import homeModule from './home/plugin';
import wsTemplatesModule from './ws-templates/plugin';
import domainsModule from './domains/plugin';
import emailTemplatesModule from './email-templates/plugin';
import formsModule from './forms/plugin';
import chatModule from './chat/plugin';
import filesModule from './files/plugin';
import campaignsModule from './campaigns/plugin';
import facebookModule from './facebook/plugin';

/** An area's plugin: plain, or typed by its zod schemas when it declares routes itself. */
export type AreaModule = FastifyPluginAsync | FastifyPluginAsyncZod;

export const MODULES: readonly AreaModule[] = [
  healthModule,
  mailModule,
  userModule,
  securityModule,
  businessModule,
  notificationModule,
  paymentsModule,
  adminModule,
  teamModule,
  passkeyModule,
  profileModule,
  venueModule,
  reservationsModule,
  seatingModule,
  webhooksModule,
  doorModule,
  galleryModule,
  eventsModule,
  supportModule,
  reportsModule,
  serviceTicketsModule,
  documentsModule,
  availabilityModule,
  invoicesModule,
  catalogueModule,
  bookingsModule,
  quotesModule,
  homeModule,
  wsTemplatesModule,
  domainsModule,
  emailTemplatesModule,
  formsModule,
  chatModule,
  filesModule,
  campaignsModule,
  facebookModule,
];
