import { describe, expect, it } from 'vitest';
import { warmOfflineAnswers } from '../../server/modules/documents/warm-up';

describe('the warm-up a listening server runs (warm-up.ts)', () => {
  it('answers its question from its page, so the whole answering path has run before the first asker', () => {
    const answer = warmOfflineAnswers();
    expect(answer.citations).toHaveLength(1);
    expect(answer.citations[0]).toMatchObject({ page: 1 });
    expect(answer.citations[0]!.quote).toContain('The air filter of every unit is replaced every 12,000 miles');
  });
});
