/**
 * The club owner's file manager: the tree as its first open makes it (the sample folders), a
 * Marketing folder of its own, and a few files uploaded into them through the module's upload
 * path (stored by the storage adapter, each a node of its folder): a signed residency agreement
 * and a supplier contract (PDFs), last month's bar invoices as a spreadsheet export and the copy
 * for the month's poster. Documents is left as the first open leaves it.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { FOLDER_PALETTE } from '../../src/domain/files/rules';
import type { AuthContext } from '../context';
import { addUploads, createFolder, openTree, storeManagedFile } from '../modules/files';
import { pdf } from './documents-demo';

const RESIDENCY = [
  'Residency agreement between Blue Note Club and the Marcus Hale Trio. Term: November 1, 2026 to January 31, 2027. ' +
    'The trio performs two sets every Friday, 9 PM and 10:30 PM. Fee: $900 per night, paid by bank transfer within 7 days.',
  'The club provides the house piano (tuned monthly), the PA system and a sound engineer. The trio may sell recordings at the merchandise table. ' +
    'Either party may end the agreement with 30 days written notice.',
];
const CATERING = [
  'Supply contract: Harbor Street Catering delivers bar snacks and the Sunday brunch menu to Blue Note Club. ' +
    'Deliveries on Wednesday and Saturday before 5 PM. Prices are fixed until March 31, 2027; invoices are due within 30 days.',
];
const INVOICES_CSV = `Date,Supplier,Invoice,Amount (USD),Status
10/03/2026,Harbor Street Catering,HSC-2291,1240.50,Paid
10/08/2026,Bayside Beverages,BB-7713,3180.00,Paid
10/15/2026,Harbor Street Catering,HSC-2318,1195.25,Paid
10/22/2026,Coastline Ice Co.,CI-0457,210.00,Paid
10/29/2026,Bayside Beverages,BB-7790,2975.40,Due 11/28/2026
`;
const POSTER = `# November at Blue Note

**Fridays**: the Marcus Hale Trio, two sets, 9 PM and 10:30 PM.
**Saturdays**: the late jazz jam from 11 PM. Bring your instrument.
**Last Sunday**: big band brunch, 12 to 3 PM.

Doors 8 PM. 21+. Tables at bluenoteclub.example/reservations.
`;

export async function seedFilesDemo(app: FastifyInstance, owner: AuthContext) {
  const who = { owner: owner.businessId!, businessId: owner.businessId, userId: owner.userId };
  const ctx = () => ({ db: app.ctx.database.db, now: new Date(app.ctx.now()), who });
  const tree = await openTree({ ...ctx(), storage: app.ctx.storage });
  const folder = (name: string) =>
    tree.nodes.find((n) => n.isFolder && n.parentId === tree.rootId && n.name === name)!.id;
  const marketing = await createFolder(ctx(), {
    parentId: tree.rootId,
    name: 'Marketing',
    color: FOLDER_PALETTE.green,
  });

  const files: [string, string, Buffer][] = [
    [folder('Contracts'), 'Marcus Hale Trio - residency agreement.pdf', await pdf(RESIDENCY)],
    [folder('Contracts'), 'Harbor Street Catering - supply contract.pdf', await pdf(CATERING)],
    [folder('Invoices'), 'Bar suppliers - October 2026.csv', Buffer.from(INVOICES_CSV)],
    [marketing.changed[0]!.id, 'November poster copy.md', Buffer.from(POSTER)],
  ];
  for (const [parentId, name, bytes] of files) {
    const stored = await storeManagedFile(app.ctx.storage, 'files', name, Readable.from([bytes]));
    await addUploads(ctx(), parentId, [stored], 'keepBoth');
  }
}
