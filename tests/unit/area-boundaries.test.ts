// @vitest-environment node
/**
 * The lint rule that keeps client areas apart (scripts/eslint/area-boundaries.js) fires, through
 * the project's own ESLint config: on an import of another area's file, on a manifest read
 * outside the list of areas, and on src/ui importing an area; not on an area's face (index.ts).
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule's messages for `code` as if it were a new file in `folder` (the file need not exist). */
async function boundaryMessages(folder: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, folder, 'Throwaway.tsx') });
  return result!.messages.filter((m) => m.ruleId === 'local/area-boundaries').map((m) => m.message);
}

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
      "import door from '../door/manifest';\nexport const page = () => import('../door/TicketPage');\nexport { door };\n",
    );
    expect(messages).toEqual([
      "Only src/custom/areas.ts reads an area's manifest.",
      expect.stringContaining("'../door/TicketPage' reaches into the door area"),
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
