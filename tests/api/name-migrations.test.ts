/**
 * The migrations that made names unique whatever their case keep every row and tell the clashing
 * ones apart (each test puts its table back as it was before its migration on this file's copy of
 * the database, writes names that differ only by case, and runs the migration's own statements
 * again):
 * - 0060 (email templates): the oldest of each owner's name keeps it, the later ones get the first
 *   free " (2)", " (3)"… of their owner (a number another template of the owner already holds as its
 *   name, in any case, skipped); another business's same name and the platform's own are other owners;
 * - 0063 (WhatsApp templates and roles): a WhatsApp template's later copies get "_2", "_3"… (Meta's
 *   names have no spaces); a role added as "admin" beside the built-in ADMIN becomes "admin (2)",
 *   whichever is older; a name in another case is refused afterwards by the database itself;
 * - 0065 (companies, customers, products, venues): the later of each owner's name get the first free
 *   " (2)", " (3)"… (a number already held, in any case, skipped), and afterwards the API answers
 *   another case of a kept name 409 on the field;
 * - the follow-up (renamed names within limits): a name those suffixes took past its field's limit
 *   is cut to fit it, keeping its suffix, unless the cut name is already one of its owner's;
 * - the same follow-up for plans, whose 0061 numbered them the same way;
 * - 0083 (campaigns): the later of a business's name get " (2)", " (3)"…, other businesses alone,
 *   a number another campaign already holds as its name skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { createBusiness } from '../../server/modules/business/businesses';
import { MESSAGES } from '../../src/domain/messages';
import { companies, customers, plans, products, roles, venues } from '../../src/resources/declared';
import { EMAIL_TEMPLATE_LIMITS } from '../../src/domain/email-templates/rules';
import { WS_LIMITS } from '../../src/domain/ws-templates/rules';
import { endpointOf } from '../../src/domain/resources/endpoints';
import { createTestApp, type TestApp } from './helpers/app';
import { runMigration, runStatements } from './helpers/migration';

let t: TestApp;
let mine: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { enabled: false } });
  const db = t.db.database.db;
  const [owner] = await db
    .select({ businessId: users.businessId })
    .from(users)
    .where(eq(users.email, 'clubowner@demo.test'));
  mine = owner!.businessId!;
  other = await createBusiness(db, 'Name Migrations Other');
});
afterAll(() => t.close());

/** Rows of a query, as plain objects. */
async function rows(query: ReturnType<typeof sql>) {
  return (await t.db.database.db.execute(query)).rows;
}

async function namesOf(table: string, ids: string[]) {
  const found = await rows(
    sql`select id, name from ${sql.identifier(table)} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return ids.map((id) => found.find((r) => r.id === id)?.name);
}

/** Inserts one row at a given minute (oldest first by created_at) and answers its id. */
async function insert(query: ReturnType<typeof sql>) {
  const [row] = await rows(query);
  return String(row!.id);
}
const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();

describe('migration 0060: email template names unique whatever their case', () => {
  /** The table as it was before 0060: names unique as written, case apart. */
  const undoMigration0060 = () =>
    runStatements(t, [
      'DROP INDEX "email_templates_business_name_key"',
      'DROP INDEX "email_templates_platform_name_key"',
      'ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_business_name_key" UNIQUE NULLS NOT DISTINCT ("business_id", "name")',
    ]);
  const template = (business: string | null, name: string, at: number) =>
    insert(
      sql`insert into email_templates (business_id, name, kind, created_at) values (${business}, ${name}, 'general', ${minute(at)}) returning id`,
    );

  it('keeps the oldest of each owner’s name and numbers the later ones, leaving other owners alone', async () => {
    await undoMigration0060();
    // Written newest first, so the order kept is the rows' age, not their insertion.
    const shouted = await template(mine, 'WELCOME BACK', 3);
    const lower = await template(mine, 'welcome back', 2);
    const first = await template(mine, 'Welcome back', 1);
    const alone = await template(mine, 'Receipt', 1);
    const elsewhere = await template(other, 'welcome back', 5);
    const platformLater = await template(null, 'news letter', 2);
    const platform = await template(null, 'News Letter', 1);

    await runMigration(t, '_email_template_names_caseless.sql');

    expect(
      await namesOf('email_templates', [first, lower, shouted, alone, elsewhere, platform, platformLater]),
    ).toEqual([
      'Welcome back',
      'welcome back (2)',
      'WELCOME BACK (3)',
      'Receipt',
      'welcome back',
      'News Letter',
      'news letter (2)',
    ]);
    // The indexes are in place: another case of a kept name is refused by the database itself.
    await expect(template(mine, 'welcome BACK', 9)).rejects.toThrow();
    await expect(template(null, 'NEWS LETTER', 9)).rejects.toThrow();
  });

  it('skips a number a template of the same owner already holds as its name, in any case', async () => {
    await undoMigration0060();
    const first = await template(mine, 'Winter news', 10);
    const numbered = await template(mine, 'WINTER NEWS (2)', 11);
    const again = await template(mine, 'winter news', 12);
    // Another owner's "(3)" is no obstacle: names are unique within their owner.
    const theirs = await template(other, 'winter news (3)', 13);
    const platform = await template(null, 'Notice', 10);
    const platformNumbered = await template(null, 'notice (2)', 11);
    const platformAgain = await template(null, 'NOTICE', 12);

    await runMigration(t, '_email_template_names_caseless.sql');

    expect(
      await namesOf('email_templates', [first, numbered, again, theirs, platform, platformNumbered, platformAgain]),
    ).toEqual([
      'Winter news',
      'WINTER NEWS (2)',
      'winter news (3)',
      'winter news (3)',
      'Notice',
      'notice (2)',
      'NOTICE (3)',
    ]);
  });
});

describe('migration 0063: WhatsApp template and role names unique whatever their case', () => {
  it('numbers the later WhatsApp templates of a name with _2, _3 within each owner, and the later roles with (2), a built-in keeping its name', async () => {
    await runStatements(t, [
      // The indexes as 0073 left them (a name per language); 0063 made the per-name ones.
      'DROP INDEX "ws_templates_business_name_language_key"',
      'DROP INDEX "ws_templates_platform_name_language_key"',
      'ALTER TABLE "ws_templates" ADD CONSTRAINT "ws_templates_business_name_key" UNIQUE NULLS NOT DISTINCT ("business_id", "name")',
      'DROP INDEX "roles_name_key"',
      'CREATE UNIQUE INDEX "roles_name_key" ON "roles" USING btree ("name")',
      'DROP INDEX "documents_business_hash_idx"',
      'ALTER TABLE "documents" DROP COLUMN "content_hash"',
    ]);
    const ws = (business: string | null, name: string, at: number) =>
      insert(
        sql`insert into ws_templates (business_id, name, category, language, body, created_at) values (${business}, ${name}, 'marketing', 'en_US', 'Hello', ${minute(at)}) returning id`,
      );
    const role = (name: string, at: number) =>
      insert(sql`insert into roles (name, created_at) values (${name}, ${minute(at)}) returning id`);
    const wsLater = await ws(mine, 'SPRING_SALE', 2);
    const wsFirst = await ws(mine, 'spring_sale', 1);
    const wsOther = await ws(other, 'Spring_Sale', 3);
    const wsPlatformLater = await ws(null, 'Notice', 2);
    const wsPlatform = await ws(null, 'notice', 1);
    // Older than the built-in ADMIN row (made at start-up), and still the one renamed.
    const admin = await role('admin', -60 * 24 * 365);
    const auditorLater = await role('AUDITOR', 2);
    const auditor = await role('Auditor', 1);
    const [builtIn] = await rows(sql`select id from roles where name = 'ADMIN'`);

    await runMigration(t, '_caseless_names_document_hash.sql');

    expect(await namesOf('ws_templates', [wsFirst, wsLater, wsOther, wsPlatform, wsPlatformLater])).toEqual([
      'spring_sale',
      'SPRING_SALE_2',
      'Spring_Sale',
      'notice',
      'Notice_2',
    ]);
    expect(await namesOf('roles', [String(builtIn!.id), admin, auditor, auditorLater])).toEqual([
      'ADMIN',
      'admin (2)',
      'Auditor',
      'AUDITOR (2)',
    ]);
    await expect(ws(mine, 'Spring_sale', 9)).rejects.toThrow();
    await expect(ws(null, 'NOTICE', 9)).rejects.toThrow();
    await expect(role('auditor', 9)).rejects.toThrow();
    // Documents gained their hash column, empty for the uploads made before it.
    const [hashed] = await rows(sql`select count(*)::int as n from documents where content_hash is not null`);
    expect(hashed!.n).toBe(0);
  });
});

describe('migration 0065: company, customer, product and venue names unique whatever their case', () => {
  // Each table, the account that adds its records and a valid new record's other fields.
  const entities = [
    { resource: companies, table: 'companies', email: 'admin@demo.test', tenant: false, body: {} },
    { resource: customers, table: 'fleet_customers', email: 'trucker@demo.test', tenant: true, body: {} },
    {
      resource: products,
      table: 'catalogue_items',
      email: 'user@demo.test',
      tenant: true,
      body: { kind: 'product', price: 1200 },
    },
    { resource: venues, table: 'venues', email: 'clubowner@demo.test', tenant: true, body: {} },
  ] as const;

  it('numbers the later records of a name with (2), (3) within each business; afterwards another case is 409', async () => {
    await runStatements(
      t,
      entities.flatMap(({ table, tenant }) => [
        `DROP INDEX "${table}_name_key"`,
        `CREATE UNIQUE INDEX "${table}_name_key" ON "${table}" USING btree (${tenant ? '"business_id", ' : ''}"name")`,
      ]),
    );
    const before: Record<string, { ids: string[]; token: string }> = {};
    for (const { table, email, tenant } of entities) {
      const [account] = await t.db.database.db
        .select({ businessId: users.businessId })
        .from(users)
        .where(eq(users.email, email));
      const business = tenant ? account!.businessId! : null;
      const columns = table === 'catalogue_items' ? sql`, kind, price, category, tax_code` : sql``;
      const values = table === 'catalogue_items' ? sql`, 'product', 100, 'other', 'none'` : sql``;
      const row = (name: string, at: number, owner: string | null = business) =>
        insert(
          tenant
            ? sql`insert into ${sql.identifier(table)} (business_id, name, created_at${columns}) values (${owner}, ${name}, ${minute(at)}${values}) returning id`
            : sql`insert into ${sql.identifier(table)} (name, created_at${columns}) values (${name}, ${minute(at)}${values}) returning id`,
        );
      // Written newest first, so the order kept is the rows' age, not their insertion.
      const ids = [
        await row(`SHOUTED ${table}`, 3),
        await row(`shouted ${table}`, 2),
        await row(`Shouted ${table}`, 1),
      ];
      if (tenant) ids.push(await row(`shouted ${table}`, 4, other));
      before[table] = { ids, token: (await t.login(email)).access };
    }

    await runMigration(t, '_caseless_entity_names.sql');

    for (const { resource, table, tenant, body } of entities) {
      const { ids, token } = before[table]!;
      expect(await namesOf(table, ids), table).toEqual([
        `SHOUTED ${table} (3)`,
        `shouted ${table} (2)`,
        `Shouted ${table}`,
        // Another business's same name is another owner's: left alone.
        ...(tenant ? [`shouted ${table}`] : []),
      ]);
      const { method, path } = endpointOf(resource, 'create');
      const again = await t.call({ method, url: path, token, payload: { ...body, name: `sHOUTED ${table}` } });
      expect(again.statusCode, `${table}: ${again.body}`).toBe(409);
      expect(again.json().errors).toEqual({ name: MESSAGES.uniqueTaken });
    }
  });

  it('skips a number a record of the same business already holds as its name, in any case', async () => {
    await runStatements(
      t,
      entities.flatMap(({ table, tenant }) => [
        `DROP INDEX "${table}_name_key"`,
        `CREATE UNIQUE INDEX "${table}_name_key" ON "${table}" USING btree (${tenant ? '"business_id", ' : ''}"name")`,
      ]),
    );
    const written: Record<string, string[]> = {};
    for (const { table, tenant } of entities) {
      const columns = table === 'catalogue_items' ? sql`, kind, price, category, tax_code` : sql``;
      const values = table === 'catalogue_items' ? sql`, 'product', 100, 'other', 'none'` : sql``;
      const row = (name: string, at: number) =>
        insert(
          tenant
            ? sql`insert into ${sql.identifier(table)} (business_id, name, created_at${columns}) values (${mine}, ${name}, ${minute(at)}${values}) returning id`
            : sql`insert into ${sql.identifier(table)} (name, created_at${columns}) values (${name}, ${minute(at)}${values}) returning id`,
        );
      written[table] = [
        await row(`Harbour ${table}`, 10),
        await row(`HARBOUR ${table} (2)`, 11),
        await row(`harbour ${table}`, 12),
      ];
    }

    await runMigration(t, '_caseless_entity_names.sql');

    for (const { table } of entities) {
      expect(await namesOf(table, written[table]!), table).toEqual([
        `Harbour ${table}`,
        `HARBOUR ${table} (2)`,
        `harbour ${table} (3)`,
      ]);
    }
  });
});

describe('the follow-up of 0060, 0063 and 0065: a renamed name fits its field again', () => {
  // Each table the suffixes were added to, its name's limit as the form and the API check it, the
  // suffix it took, and a row's other columns.
  const tables = [
    {
      table: 'email_templates',
      max: EMAIL_TEMPLATE_LIMITS.name,
      owner: 'business',
      suffix: ' (2)',
      more: ['kind'],
      values: ['general'],
    },
    {
      table: 'ws_templates',
      max: WS_LIMITS.name,
      owner: 'business',
      suffix: '_2',
      more: ['category', 'language', 'body'],
      values: ['marketing', 'en_US', 'Hello'],
    },
    { table: 'roles', max: roles.fields.name!.max!, owner: null, suffix: ' (2)', more: [], values: [] },
    { table: 'companies', max: companies.fields.name!.max!, owner: null, suffix: ' (2)', more: [], values: [] },
    {
      table: 'fleet_customers',
      max: customers.fields.name!.max!,
      owner: 'business',
      suffix: ' (2)',
      more: [],
      values: [],
    },
    {
      table: 'catalogue_items',
      max: products.fields.name!.max!,
      owner: 'business',
      suffix: ' (2)',
      more: ['kind', 'price', 'category', 'tax_code'],
      values: ['product', 100, 'other', 'none'],
    },
    { table: 'venues', max: venues.fields.name!.max!, owner: 'business', suffix: ' (2)', more: [], values: [] },
  ] as const;

  it('cuts the name before its suffix to the limit; a cut that would meet another name of its owner is left', async () => {
    const written: Record<string, string[]> = {};
    for (const { table, owner, max, suffix, more, values } of tables) {
      const row = (name: string, at: number) => {
        const columns = [...(owner ? ['business_id'] : []), 'name', 'created_at', ...more].map((c) =>
          sql.identifier(c),
        );
        const given = [...(owner ? [mine] : []), name, minute(at), ...values].map((v) => sql`${v}`);
        return insert(
          sql`insert into ${sql.identifier(table)} (${sql.join(columns, sql`, `)}) values (${sql.join(given, sql`, `)}) returning id`,
        );
      };
      // As 0060/0063/0065 left them: a name as long as the field allows, and its other case renamed past it.
      written[table] = [
        await row(`x${'x'.repeat(max - 1)}`, 1),
        await row(`${'X'.repeat(max)}${suffix}`, 2),
        // Its cut is already another name of the owner's (whatever the case): left as it is.
        await row(`${'y'.repeat(max - suffix.length)}${suffix}`, 3),
        await row(`${'Y'.repeat(max)}${suffix}`, 4),
        // Two that cut to the same name: the older is cut, the later left.
        await row(`${'W'.repeat(max)}1${suffix}`, 5),
        await row(`${'W'.repeat(max)}2${suffix}`, 6),
      ];
    }

    await runMigration(t, '_renamed_names_within_limits.sql');

    for (const { table, max, suffix } of tables) {
      expect(await namesOf(table, written[table]!), table).toEqual([
        'x'.repeat(max),
        `${'X'.repeat(max - suffix.length)}${suffix}`,
        `${'y'.repeat(max - suffix.length)}${suffix}`,
        `${'Y'.repeat(max)}${suffix}`,
        `${'W'.repeat(max - suffix.length)}${suffix}`,
        `${'W'.repeat(max)}2${suffix}`,
      ]);
    }
  });
});

describe('the follow-up of 0061: a renamed plan name fits its field again', () => {
  it("cuts the name before its suffix to the limit; a cut that would meet another plan's name is left", async () => {
    const max = plans.fields.name!.max!;
    const plan = (name: string, at: number) =>
      insert(sql`insert into plans (name, created_at) values (${name}, ${minute(at)}) returning id`);
    // As 0061 left them: a name as long as the field allows, and its other case renamed past it.
    const written = [
      await plan(`p${'p'.repeat(max - 1)}`, 1),
      await plan(`${'P'.repeat(max)} (2)`, 2),
      // Its cut is already another plan's name (whatever the case): left as it is.
      await plan(`${'q'.repeat(max - 4)} (2)`, 3),
      await plan(`${'Q'.repeat(max)} (2)`, 4),
      // Two that cut to the same name: the older is cut, the later left.
      await plan(`${'V'.repeat(max)}1 (2)`, 5),
      await plan(`${'V'.repeat(max)}2 (2)`, 6),
    ];

    await runMigration(t, '_plan_names_within_limits.sql');

    expect(await namesOf('plans', written)).toEqual([
      'p'.repeat(max),
      `${'P'.repeat(max - 4)} (2)`,
      `${'q'.repeat(max - 4)} (2)`,
      `${'Q'.repeat(max)} (2)`,
      `${'V'.repeat(max - 4)} (2)`,
      `${'V'.repeat(max)}2 (2)`,
    ]);
  });
});

describe('migration 0083: campaign names unique whatever their case', () => {
  it('keeps the oldest of each business’s name and numbers the later ones; then refuses another case', async () => {
    await runStatements(t, ['DROP INDEX "campaigns_business_name_key"']);
    const campaign = (business: string, name: string, at: number) =>
      insert(
        sql`insert into campaigns (business_id, name, sender_id, template_id, subject, segment, created_at)
          values (${business}, ${name}, gen_random_uuid(), gen_random_uuid(), 'S', '{"match":"all","conditions":[]}', ${minute(at)})
          returning id`,
      );
    // Written newest first, so the order kept is the rows' age, not their insertion.
    const shouted = await campaign(mine, 'SPRING GALA', 3);
    const lower = await campaign(mine, 'spring gala', 2);
    const first = await campaign(mine, 'Spring gala', 1);
    const theirs = await campaign(other, 'spring gala', 4);
    await runMigration(t, '_campaign_unique_names.sql');
    expect(await namesOf('campaigns', [first, lower, shouted, theirs])).toEqual([
      'Spring gala',
      'spring gala (2)',
      'SPRING GALA (3)',
      'spring gala',
    ]);
    await expect(campaign(mine, 'SPRING gala', 5)).rejects.toThrow();
  });

  it('skips a number a campaign already holds as its name, in any case', async () => {
    await runStatements(t, ['DROP INDEX "campaigns_business_name_key"']);
    const campaign = (name: string, at: number) =>
      insert(
        sql`insert into campaigns (business_id, name, sender_id, template_id, subject, segment, created_at)
          values (${mine}, ${name}, gen_random_uuid(), gen_random_uuid(), 'S', '{"match":"all","conditions":[]}', ${minute(at)})
          returning id`,
      );
    const first = await campaign('Winter ball', 10);
    const numbered = await campaign('WINTER BALL (2)', 11);
    const again = await campaign('winter ball', 12);
    await runMigration(t, '_campaign_unique_names.sql');
    expect(await namesOf('campaigns', [first, numbered, again])).toEqual([
      'Winter ball',
      'WINTER BALL (2)',
      'winter ball (3)',
    ]);
  });
});
