// @vitest-environment node
/**
 * The one reading of double braces that email and WhatsApp templates share
 * (src/domain/templates/braces.ts): a `{{` never closed is reported where it is and does not
 * swallow the placeholder after it, for the checks, the preview's and the send's filling alike.
 */
import { describe, expect, it } from 'vitest';
import { emailTemplateSchema } from '../../src/domain/email-templates/rules';
import { placeholdersOf, substitute } from '../../src/domain/email-templates/variables';
import { textHtml } from '../../src/domain/email-templates/blocks-mjml';
import { formatMessage } from '../../src/domain/messages';
import { braceGroups, unclosedMessage } from '../../src/domain/templates/braces';
import { blankTemplate, wsTemplateSchema } from '../../src/domain/ws-templates/rules';
import { fillExamples, variablesOf } from '../../src/domain/ws-templates/variables';

const BROKEN = '{{contact.firstName} and {{contact.lastName}}';

describe('double braces', () => {
  it('reads an unclosed {{ up to its word and the next placeholder on its own', () => {
    expect(braceGroups(BROKEN).map((g) => [g.raw, g.kind])).toEqual([
      ['{{contact.firstName}', 'open'],
      ['{{contact.lastName}}', 'closed'],
    ]);
    expect(braceGroups('a {{b}} c {{d').map((g) => [g.raw, g.kind])).toEqual([
      ['{{b}}', 'closed'],
      ['{{d', 'open'],
    ]);
    expect(braceGroups('x }} y').map((g) => g.kind)).toEqual(['stray']);
    expect(braceGroups('{{{{x}}').map((g) => [g.raw, g.kind])).toEqual([
      ['{{', 'open'],
      ['{{x}}', 'closed'],
    ]);
  });

  it('names the unclosed one with its line', () => {
    expect(unclosedMessage(BROKEN)).toBe('Placeholder at line 1 is not closed: {{contact.firstName}');
    expect(unclosedMessage('<mjml>\n<mj-text>\nHi {{contact.firstName, welcome {{a}}</mj-text>')).toBe(
      formatMessage('placeholderNotClosed', { line: 3, placeholder: '{{contact.firstName,' }),
    );
    expect(unclosedMessage('{{a}} and {{b | "x"}}')).toBeNull();
  });
});

describe('email templates', () => {
  it('keep the placeholder after an unclosed one: found, filled in the preview and the send', () => {
    expect(placeholdersOf(BROKEN).map((p) => [p.raw, p.name, p.line])).toEqual([
      ['{{contact.firstName}', null, 1],
      ['{{contact.lastName}}', 'contact.lastName', 1],
    ]);
    expect(substitute(BROKEN, { 'contact.firstName': 'Ana', 'contact.lastName': 'Ruiz' })).toBe(
      '{{contact.firstName} and Ruiz',
    );
    // A visual template's text block keeps the good one as a variable.
    expect(textHtml(BROKEN)).toBe('{{contact.firstName} and {{contact.lastName}}');
  });

  it('are refused on save with the message, on the subject and the source', () => {
    const base = { name: 'N', kind: 'general' as const, subject: 'Hi', mjml: '<mjml><mj-body></mj-body></mjml>' };
    const message = 'Placeholder at line 1 is not closed: {{contact.firstName}';
    const subject = emailTemplateSchema.safeParse({ ...base, subject: BROKEN });
    expect(subject.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['subject', message]]);
    const mjml = emailTemplateSchema.safeParse({ ...base, mjml: `<mjml><mj-body>\n${BROKEN}</mj-body></mjml>` });
    expect(mjml.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['mjml', 'Placeholder at line 2 is not closed: {{contact.firstName}'],
    ]);
    expect(emailTemplateSchema.safeParse({ ...base, subject: 'Hi {{contact.firstName}}' }).success).toBe(true);
  });
});

describe('WhatsApp templates', () => {
  it('report an unclosed variable where it is and still read the one after it', () => {
    const body = 'Hello {{1} and {{2}} today';
    expect(variablesOf(body).map((v) => [v.raw, v.index, v.closed])).toEqual([
      ['{{1}', null, false],
      ['{{2}}', 2, true],
    ]);
    expect(fillExamples(body, ['A', 'B'])).toBe('Hello {{1} and B today');
    const result = wsTemplateSchema.safeParse({
      ...blankTemplate(),
      name: 'offer',
      body: `Hi\n${body}`,
      bodyExamples: ['a', 'b'],
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['body', 'Placeholder at line 2 is not closed: {{1}'],
    ]);
  });
});
