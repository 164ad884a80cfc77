// @vitest-environment node
/**
 * The lint rules that keep areas apart fire, through the project's own ESLint config. Client
 * (scripts/eslint/area-boundaries.js): on an import of another area's file, on a manifest read
 * outside the list of areas, and on src/ui importing an area; not on an area's face (index.ts).
 * Server, the same rule: on an import of another module's file, and on a module's plugin taken
 * outside the list of modules; not on a module's face, its own files or another's tables.ts.
 * And scripts/eslint/table-owners.js: on a module writing another module's table, and reading
 * one outside the listed joins, whether from tables.ts or through the owner's face. And the
 * syntax refused in src/: antd's static Modal calls, which draw outside the app's theme.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** A rule's messages for `code` as if it were a new file at `path` (the file need not exist). */
async function ruleMessages(rule: string, path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryMessages = (folder: string, code: string) =>
  ruleMessages('local/area-boundaries', join(folder, 'Throwaway.tsx'), code);

// Loading the project's config, the parser and the rules is the slow part, seconds on
// a busy machine: it is done once, before the checks, instead of inside the first one's time.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: join(ROOT, 'src/custom/bookings', 'Warm.tsx') });
}, 60_000);

describe('the area-boundaries lint rule', () => {
  it("refuses another area's internal file, naming the area's face", async () => {
    const messages = await boundaryMessages(
      'src/custom/bookings',
      "import { useOpenIntervals } from '../availability/availability-api';\nexport const x = useOpenIntervals;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(
      "reaches into the availability area: import it from the area's index.ts ('../availability')",
    );
  });

  it("refuses a lazy import of another area's page, and a manifest read outside areas.ts", async () => {
    const messages = await boundaryMessages(
      'src/custom/routes',
      "import seating from '../seating/manifest';\nexport const page = () => import('../seating/SeatingPage');\nexport { seating };\n",
    );
    expect(messages).toEqual([
      "Only src/custom/areas.ts reads an area's manifest.",
      expect.stringContaining("'../seating/SeatingPage' reaches into the seating area"),
    ]);
  });

  it('refuses an area in src/ui, and takes an area through its index.ts', async () => {
    expect(
      await boundaryMessages(
        'src/ui',
        "import { canAccessPath } from '../custom/routes';\nexport { canAccessPath };\n",
      ),
    ).toEqual(["src/ui is shared below the areas and imports none of them ('../custom/routes')."]);
    expect(
      await boundaryMessages(
        'src/custom/bookings',
        "import { useOpenIntervals } from '../availability';\nimport { formatDate } from '../../ui/format';\nexport { useOpenIntervals, formatDate };\n",
      ),
    ).toEqual([]);
  });
});

describe('the area-boundaries lint rule on the server', () => {
  /** As if `code` were a new throwaway file in `folder`. */
  const serverMessages = (folder: string, code: string) =>
    ruleMessages('local/area-boundaries', join(folder, 'throwaway.ts'), code);

  it("refuses another module's internal file, a type or a re-export too, naming the module's face", async () => {
    const messages = await serverMessages(
      'server/modules/bookings',
      "import { logAccess } from '../user/access-log';\n" +
        "import type { FileStorage } from '../storage/storage';\n" +
        "export { venueOfBusiness } from '../venue/venues';\n" +
        'export const use = (s: FileStorage) => [s, logAccess];\n',
    );
    expect(messages).toEqual([
      expect.stringContaining(
        "'../user/access-log' reaches into the user module: import it from the module's index.ts ('../user')",
      ),
      expect.stringContaining(
        "'../storage/storage' reaches into the storage module: import it from the module's index.ts ('../storage')",
      ),
      expect.stringContaining("'../venue/venues' reaches into the venue module"),
    ]);
  });

  it('refuses it from server code outside the modules, and a plugin outside the list of modules', async () => {
    expect(
      await serverMessages(
        'server/seed',
        "import { createStorage } from '../modules/storage/create-storage';\n" +
          "import userModule from '../modules/user/plugin';\n" +
          'export { createStorage, userModule };\n',
      ),
    ).toEqual([
      expect.stringContaining(
        "reaches into the storage module: import it from the module's index.ts ('../modules/storage')",
      ),
      "Only server/modules/index.ts registers a module's plugin ('../modules/user/plugin').",
    ]);
  });

  it("takes a module through its face, its own files as they are, and another's tables.ts (table-owners judges that)", async () => {
    expect(
      await serverMessages(
        'server/modules/bookings',
        "import { logAccess } from '../user';\n" +
          "import { createBooking } from './booking-service';\n" +
          "import type { paymentLinks } from '../payments/tables';\n" +
          'export type Link = typeof paymentLinks.$inferSelect;\n' +
          'export { logAccess, createBooking };\n',
      ),
    ).toEqual([]);
  });
});

describe('the table-owners lint rule (server modules)', () => {
  /** As if `code` were the file `name` (a new throwaway one unless named) in `folder`. */
  const ownerMessages = (folder: string, code: string, name = 'throwaway.ts') =>
    ruleMessages('owners/table-owners', join(folder, name), code);

  it("refuses a read and a write of another module's table, from its tables.ts or through db/schema", async () => {
    expect(
      await ownerMessages(
        'server/modules/invoices',
        "import { paymentLinks } from '../payments/tables';\n" +
          "import { mailOutbox } from '../../db/schema';\n" +
          'export const close = (db: any) => db.update(paymentLinks).set({});\n' +
          'export const note = (db: any) => db.insert(mailOutbox).values({});\n',
      ),
    ).toEqual([
      expect.stringContaining("'paymentLinks' belongs to the payments module: ask that module"),
      expect.stringContaining("'mailOutbox' belongs to the mail module: ask that module"),
      expect.stringContaining(
        "'paymentLinks' belongs to the payments module: write it through that module's functions",
      ),
      expect.stringContaining("'mailOutbox' belongs to the mail module: write it through that module's functions"),
    ]);
  });

  it("watches a table taken through its owner's face as through its tables.ts", async () => {
    expect(
      await ownerMessages(
        'server/modules/invoices',
        "import { closeLink, paymentLinks } from '../payments';\n" +
          'export const close = (db: any) => [closeLink, db.update(paymentLinks).set({})];\n',
      ),
    ).toEqual([
      expect.stringContaining("'paymentLinks' belongs to the payments module: ask that module"),
      expect.stringContaining(
        "'paymentLinks' belongs to the payments module: write it through that module's functions",
      ),
    ]);
  });

  it('lets a shared table be read anywhere but written only by its owner; a type import is no read', async () => {
    expect(
      await ownerMessages(
        'server/modules/business',
        "import { users } from '../../db/schema';\nimport type { paymentLinks } from '../payments/tables';\n" +
          'export type Link = typeof paymentLinks.$inferSelect;\n' +
          'export const read = (db: any) => db.select().from(users);\n' +
          'export const write = (db: any) => db.update(users).set({});\n',
      ),
    ).toEqual([
      expect.stringContaining("'users' belongs to the user module: write it through that module's functions"),
    ]);
    expect(
      await ownerMessages(
        'server/modules/user',
        "import { users } from '../../db/schema';\nexport const write = (db: any) => db.update(users).set({});\n",
      ),
    ).toEqual([]);
  });

  it('lets a listed file read (never write) the tables its join needs', async () => {
    expect(
      await ownerMessages(
        'server/modules/events',
        "import { doorAdmissions } from '../reservations/tables';\n" +
          'export const read = (db: any) => db.select().from(doorAdmissions);\n' +
          'export const write = (db: any) => db.delete(doorAdmissions);\n',
        'queries.ts',
      ),
    ).toEqual([expect.stringContaining("'doorAdmissions' belongs to the reservations module: write it")]);
  });
});

describe("the one select (antd's Select only inside src/ui/forms/Select.tsx)", () => {
  const restricted = (folder: string, code: string) =>
    ruleMessages('no-restricted-imports', join(folder, 'Throwaway.tsx'), code);

  it("refuses antd's Select in a screen and in src/ui, naming the app's Select", async () => {
    for (const folder of ['src/custom/bookings', 'src/ui/time']) {
      expect(
        await restricted(folder, "import { Button, Select } from 'antd';\nexport const parts = [Button, Select];\n"),
      ).toEqual([expect.stringContaining('Use Select from src/ui/forms/Select')]);
    }
    expect(
      await restricted('src/custom/bookings', "import Select from 'antd/es/select';\nexport { Select };\n"),
    ).toEqual([expect.stringContaining('Use Select from src/ui/forms/Select')]);
  });

  it("takes the app's Select and antd's Select types", async () => {
    expect(
      await restricted(
        'src/custom/bookings',
        "import type { SelectProps } from 'antd';\nimport { Select } from '../../ui/forms/Select';\n" +
          'export const props: SelectProps = {};\nexport { Select };\n',
      ),
    ).toEqual([]);
  });
});

describe('dialogs drawn inside the app (no antd static Modal calls in src/)', () => {
  const refused = (path: string, code: string) => ruleMessages('no-restricted-syntax', path, code);
  const screenFile = join('src/custom/files', 'Throwaway.tsx');

  it('refuses Modal.confirm, info, warning, error and success, in a screen and in the date range picker', async () => {
    const code = (call: string) =>
      `import { Modal } from 'antd';\nexport const ask = () => Modal.${call}({ title: 'x' });\n`;
    for (const call of ['confirm', 'info', 'warning', 'error', 'success'])
      expect(await refused(screenFile, code(call))).toEqual([
        expect.stringContaining('Use Modal.useModal() and render its holder'),
      ]);
    expect(await refused('src/ui/forms/DateRangePicker.tsx', code('confirm'))).toEqual([
      expect.stringContaining('Use Modal.useModal() and render its holder'),
    ]);
  });

  it("takes the questions of Modal.useModal, and still refuses antd's RangePicker beside them", async () => {
    expect(
      await refused(
        screenFile,
        "import { Modal } from 'antd';\nexport function useAsk() {\n  const [modal, holder] = Modal.useModal();\n" +
          "  return { ask: () => modal.confirm({ title: 'x' }), holder };\n}\n",
      ),
    ).toEqual([]);
    expect(
      await refused(screenFile, "import { DatePicker } from 'antd';\nexport const R = DatePicker.RangePicker;\n"),
    ).toEqual([expect.stringContaining('Use DateRangePicker from src/ui/forms')]);
  });
});
