/**
 * One try of an emailed 6-digit code (password recovery, a contact change, a team invitation),
 * taken before the code is compared. The try is taken in the one statement that checks the
 * code's allowance: read first and counted after, guesses sent at once all read the same count,
 * and ten parallel guesses cost one of the five.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { sameSecret } from './same-secret';

/** A table of codes: each row counts its tries and keeps its code hashed. */
export interface CodeTable {
  table: PgTable;
  attempts: AnyPgColumn;
  codeHash: AnyPgColumn;
}

export interface CodeTry {
  /** The code matched. False too when no try was left or no row matched `where`. */
  right: boolean;
  /** A wrong guess took the last try the code allowed: a caller that spends codes spends it now. */
  lastTry: boolean;
  /** Gives the try back (a right code checked before it is used, so the use costs no second try). */
  giveBack(): Promise<void>;
}

/**
 * Takes one try from the row that all of `where` pick (the code's own conditions, such as unused
 * or not expired, included) when fewer than `max` were taken, then compares its hash with `hash`.
 */
export async function takeCodeTry(
  db: DbOrTx,
  code: CodeTable,
  where: [SQL, ...SQL[]],
  max: number,
  hash: string,
): Promise<CodeTry> {
  // The column in SET is named bare: PostgreSQL refuses a table-qualified target there.
  const target = sql.identifier(code.attempts.name);
  const row = sql.join(
    where.map((condition) => sql`(${condition})`),
    sql` and `,
  );
  const { rows } = await db.execute<{ attempts: number; code_hash: string }>(sql`
    update ${code.table} set ${target} = ${code.attempts} + 1
    where ${row} and ${code.attempts} < ${max}
    returning ${code.attempts} as attempts, ${code.codeHash} as code_hash`);
  const [taken] = rows;
  if (!taken) return { right: false, lastTry: false, giveBack: async () => undefined };
  const right = sameSecret(hash, taken.code_hash);
  return {
    right,
    lastTry: !right && Number(taken.attempts) >= max,
    giveBack: async () => {
      await db.execute(sql`update ${code.table} set ${target} = ${code.attempts} - 1 where ${row}`);
    },
  };
}
