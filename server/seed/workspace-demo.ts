/**
 * The demo of the areas that need the running app's services (product brief section 1's CRM:
 * domains and senders, templates, campaigns, the chatbot and helpdesk, the file manager, the form
 * builder). seedDemoData writes rows with the database alone; these rows have one writer each,
 * a module's service (a domain's sealed DKIM key, a sender's mailed code, a campaign's queue, a
 * visitor's signed token), so they are made once the app is built, through those services and
 * the public routes a visitor's browser calls, before the server listens (server/index.ts).
 * The API tests' template leaves them out: their files count these areas' rows from none.
 *
 * Nothing leaves the machine: with SMTP configured the senders' codes and the campaign would be
 * real mail to made-up addresses, so then those two are left out (mail-demo.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/domain/roles';
import type { AuthContext } from '../context';
import { users } from '../db/schema';
import { seedCampaignDemo } from './campaign-demo';
import { seedChatDemo } from './chat-demo';
import { seedFilesDemo } from './files-demo';
import { seedFormsDemo } from './forms-demo';
import { seedMailDemo } from './mail-demo';

/** The demo account as the services see a signed-in caller (no session: nobody signed in). */
async function callerOf(app: FastifyInstance, email: string): Promise<AuthContext | null> {
  const [u] = await app.ctx.database.db
    .select({ userId: users.id, role: users.role, businessId: users.businessId, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return u ? { ...u, role: u.role as Role, sessionId: '' } : null;
}

export async function seedWorkspaceDemo(app: FastifyInstance): Promise<void> {
  const owner = await callerOf(app, 'clubowner@demo.test');
  const admin = await callerOf(app, 'admin@demo.test');
  if (owner?.businessId) {
    const mail = await seedMailDemo(app, owner);
    if (mail.senderId) await seedCampaignDemo(app, owner, { ...mail, senderId: mail.senderId });
    await seedChatDemo(app, owner, mail.domainId);
    await seedFilesDemo(app, owner);
  }
  if (admin) await seedFormsDemo(app, admin);
}
