/**
 * Every bespoke area of the client, one line each (see area.ts). Order does not matter: routes
 * are matched by path, sidebar links keep the brief's order and extra links follow it.
 */
import type { AreaManifest } from './area';
import admin from './admin/manifest';
import errors from './errors/manifest';
import home from './home/manifest';
import notifications from './notifications/manifest';
import payments from './payments/manifest';
import profile from './profile/manifest';
import team from './team/manifest';

export const AREAS: readonly AreaManifest[] = [home, profile, notifications, team, payments, admin, errors];
