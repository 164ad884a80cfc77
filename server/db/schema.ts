/**
 * The one PostgreSQL schema (Drizzle). Generated SQL migrations live in ./migrations
 * (`npm run db:generate` after a change here) and are applied at start-up.
 * SQL stays within PostgreSQL 15 so PGlite (18) and a real server run the same migrations.
 */

export * from './tables/core';
export * from '../modules/mail/tables';
export * from '../modules/notifications/tables';
export * from './tables/profile';
export * from './tables/passkeys';
export * from './tables/two-factor';
export * from '../modules/payments/tables';
export * from './tables/resources';
export * from './tables/table-versions';
export * from '../modules/team/tables';
export * from '../modules/venue/tables';
export * from '../modules/seating/tables';
export * from '../modules/reservations/tables';
export * from '../modules/gallery/tables';
export * from '../modules/events/tables';
export * from '../modules/webhooks/tables';
export * from '../modules/support/tables';
export * from '../modules/reports/tables';
export * from '../modules/service-tickets/tables';
export * from '../modules/documents/tables';
export * from '../modules/business/tables';
export * from '../modules/availability/tables';
export * from '../modules/invoices/tables';
export * from '../modules/bookings/tables';
export * from '../modules/ws-templates/tables';
export * from '../modules/domains/tables';
export * from '../modules/email-templates/tables';
export * from '../modules/forms/tables';
export * from '../modules/chat/tables';
export * from '../modules/files/tables';
export * from '../modules/campaigns/tables';
export * from '../modules/facebook/tables';
