/**
 * "Save answers as contacts" (product brief section 2, form builder submissions): a submission
 * to a version with a contact mapping creates the contact its email names, or changes the
 * fields it answered, through the resource engine (the contacts table's one writer), inside the
 * submission's transaction. The platform's forms are ADMIN's, so their contacts are the
 * platform's own (no business), as an ADMIN's contact created on the contacts screen.
 */
import type { FastifyInstance } from 'fastify';
import { type ContactMapping, contactValues } from '../../../src/domain/forms/contact-mapping';
import type { DbOrTx } from '../../db/client';
import { HttpError, ValidationError } from '../../http/errors';
import { declarationOf } from '../../resources/tables';
import { upsertRecord } from '../../resources/update-record';

const PLATFORM = { role: 'ADMIN', businessId: null, userId: null } as const;

export async function saveContact(
  app: FastifyInstance,
  tx: DbOrTx,
  mapping: ContactMapping | null | undefined,
  answers: Record<string, unknown>,
) {
  if (!mapping) return;
  const values = contactValues(mapping, answers);
  if (!values) return;
  // A new contact needs a name: without one answered, its email stands in (renamed later on the contacts screen).
  const create = { fullName: values.email, ...values };
  try {
    await upsertRecord(
      app,
      declarationOf('contacts')!,
      { field: 'email', value: values.email },
      { update: values, create },
      PLATFORM,
      tx,
    );
  } catch (err) {
    // A contact field's refusal is the answer's fault: named by the form field that filled it.
    if (!(err instanceof HttpError) || err.statusCode !== 400) throw err;
    const byTarget = (target: string) =>
      target === 'fullName' && !mapping.fullName ? (mapping.firstName ?? mapping.lastName) : mapping[target as 'email'];
    throw new ValidationError(
      Object.fromEntries(
        Object.entries(err.errors).map(([target, message]) => [`answers.${byTarget(target) ?? target}`, message]),
      ),
    );
  }
}
