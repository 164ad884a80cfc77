/**
 * Answers one question over a made-up page once the server listens, so that the first people to
 * ask after a start do not pay for what the first answer builds: the word lists the ranking parses
 * on first use (related words, word kinds, opposites) and V8 compiling the ranking's code. Cold,
 * that first answer took 90–210 ms of CPU on the benchmark machine against 1–5 ms warm, and with
 * 20 askers at once the whole first round waited behind it (`npm run bench:documents`: the first
 * round's figures are printed apart; docs/document-chat.md, *Benchmark*).
 */
import { buildIndex } from './document-index';
import { offlineAnswerFrom, type Answer } from './answer-offline';
import { loadWordLists } from './terms';

/** A page a business might upload, long enough to pass through every part of the ranking. */
const PAGE = [
  'Fleet maintenance schedule.',
  'The air filter of every unit is replaced every 12,000 miles or once a year, whichever comes first.',
  'Tire pressure must be checked before each trip; a loaded trailer must keep 110 psi, measured cold.',
  'Inspections are logged in the shop binder by the mechanic who did them.',
  'If a warning light comes on, the driver stops at the next safe place and calls the shop.',
].join(' ');

/** The made-up question's answer (returned for the unit test that shows the whole path ran). */
export function warmOfflineAnswers(): Answer {
  loadWordLists();
  return offlineAnswerFrom(buildIndex(new Map([[1, PAGE]])), 'How often is the air filter replaced?');
}
