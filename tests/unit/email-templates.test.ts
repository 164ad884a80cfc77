// @vitest-environment node
/**
 * Email templates' rules, each case once: variables and their fallbacks (src/domain/email-templates/
 * variables.ts), the checks every save and preview runs (checks.ts), the form's schema messages
 * (rules.ts) and the server's nesting check of MJML tags (mjml-structure.ts), which answers the line
 * that mjml's forgiving parser would not.
 */
import { describe, expect, it } from 'vitest';
import { checkTemplate, GMAIL_CLIP_BYTES, type CheckInput } from '../../src/domain/email-templates/checks';
import { emailTemplateSchema, EMAIL_TEMPLATE_LIMITS } from '../../src/domain/email-templates/rules';
import { placeholdersOf, substitute } from '../../src/domain/email-templates/variables';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { structureError } from '../../server/modules/email-templates/mjml-structure';

describe('placeholders', () => {
  it.each([
    ['{{contact.firstName}}', [{ name: 'contact.firstName', fallback: null }]],
    ['{{ contact.firstName }}', [{ name: 'contact.firstName', fallback: null }]],
    ['{{contact.firstName | "there"}}', [{ name: 'contact.firstName', fallback: 'there' }]],
    ['{{contact.firstName|"a | b"}}', [{ name: 'contact.firstName', fallback: 'a | b' }]],
    ['{{contact.firstName | ""}}', [{ name: 'contact.firstName', fallback: '' }]],
    ['{{business_name}}', [{ name: 'business_name', fallback: null }]],
    ['{{contact.firstName | there}}', [{ name: null, fallback: null }]],
    ['{{contact.}}', [{ name: null, fallback: null }]],
    ['{{1}}', [{ name: null, fallback: null }]],
    ['{{}}', [{ name: null, fallback: null }]],
    [
      '{{a}} and {{b.c | "x"}}',
      [
        { name: 'a', fallback: null },
        { name: 'b.c', fallback: 'x' },
      ],
    ],
    ['no variables { here }', []],
    ['Hi {{contact.firstName', [{ name: null, fallback: null }]],
    [
      '{{a}} then {{b.c | "x"',
      [
        { name: 'a', fallback: null },
        { name: null, fallback: null },
      ],
    ],
  ])('%s', (text, expected) => {
    expect(placeholdersOf(text).map(({ name, fallback }) => ({ name, fallback }))).toEqual(expected);
  });

  it('knows the line each starts on', () => {
    expect(placeholdersOf('a\nb {{x}}\n\n{{y}}').map((p) => p.line)).toEqual([2, 4]);
  });
});

describe('substitution', () => {
  const values = { 'contact.firstName': 'Ann', 'contact.lastName': '', 'business.name': 'Tom & <Jerry>' };
  it.each([
    ['Hi {{contact.firstName}}', 'Hi Ann', 'Hi Ann'],
    ['Hi {{contact.firstName | "there"}}', 'Hi Ann', 'Hi Ann'],
    ['Hi {{contact.lastName | "there"}}', 'Hi there', 'Hi there'],
    ['Hi {{contact.missing | "there"}}', 'Hi there', 'Hi there'],
    ['Hi {{contact.missing}}!', 'Hi !', 'Hi !'],
    ['{{business.name}}', 'Tom & <Jerry>', 'Tom &amp; &lt;Jerry&gt;'],
    ['{{business.name | "x"}}', 'Tom & <Jerry>', 'Tom &amp; &lt;Jerry&gt;'],
    [
      'kept: {{contact.firstName | there}}',
      'kept: {{contact.firstName | there}}',
      'kept: {{contact.firstName | there}}',
    ],
  ])('%s', (text, asText, asHtml) => {
    expect(substitute(text, values)).toBe(asText);
    expect(substitute(text, values, true)).toBe(asHtml);
  });
});

describe('checks', () => {
  const base: CheckInput = {
    kind: 'general',
    subject: 'Hello',
    mjml: '<mjml></mjml>',
    html: '<p>Hi</p>',
    text: 'Hi',
  };
  const ids = (extra: Partial<CheckInput>) => checkTemplate({ ...base, ...extra });
  it.each<[string, Partial<CheckInput>, ReturnType<typeof checkTemplate>]>([
    ['a clean template', {}, []],
    [
      'HTML over 102 KB',
      { html: 'x'.repeat(GMAIL_CLIP_BYTES + 1) },
      [{ id: 'html-too-large', values: { size: '102.0', limit: '102' } }],
    ],
    ['HTML of exactly 102 KB', { html: 'x'.repeat(GMAIL_CLIP_BYTES) }, []],
    ['no text part', { text: '  \n' }, [{ id: 'no-text-part', values: {} }]],
    ['a variable of the kind', { subject: 'Hi {{contact.firstName | "there"}}' }, []],
    [
      'a variable of another kind',
      { subject: 'On {{booking.date}}' },
      [{ id: 'unknown-variable', values: { variable: 'booking.date' } }],
    ],
    ['the same variable in its own kind', { kind: 'booking', subject: 'On {{booking.date}}' }, []],
    [
      'an unknown variable named once, wherever it appears',
      { subject: '{{x.y}}', mjml: '<mjml>{{x.y}} {{x.y | "z"}}</mjml>' },
      [{ id: 'unknown-variable', values: { variable: 'x.y' } }],
    ],
    [
      'a malformed variable',
      { mjml: '{{first name}}' },
      [{ id: 'bad-variable', values: { variable: '{{first name}}' } }],
    ],
    [
      'a variable never closed, in the subject and in the source',
      { subject: 'Hi {{contact.firstName', mjml: '<mj-text>Dear {{contact.lastName</mj-text>' },
      [
        { id: 'bad-variable', values: { variable: '{{contact.firstName' } },
        { id: 'bad-variable', values: { variable: '{{contact.lastName' } },
      ],
    ],
    [
      'an image without alt',
      { html: '<img src="https://x/a.png">' },
      [{ id: 'image-without-alt', values: { src: 'https://x/a.png' } }],
    ],
    [
      'an image with an empty alt',
      { html: '<img alt="" src=\'https://x/b.png\'>' },
      [{ id: 'image-without-alt', values: { src: 'https://x/b.png' } }],
    ],
    ['an image with alt text', { html: '<img src="https://x/a.png" alt="Logo">' }, []],
    [
      'an http link, named once',
      { html: '<a href="http://x.test/a">a</a><a href="http://x.test/a">b</a>' },
      [{ id: 'http-link', values: { url: 'http://x.test/a' } }],
    ],
    ['an https link', { html: '<a href="https://x.test/a">a</a>' }, []],
    ['http in the text, not a link', { html: '<p>see http://x.test</p>' }, []],
  ])('%s', (_, extra, expected) => {
    expect(ids(extra)).toEqual(expected);
  });
});

describe('the form’s schema', () => {
  it('names each field’s rule', () => {
    const r = emailTemplateSchema.safeParse({ name: '', kind: 'x', subject: ' ', mjml: '' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      name: MESSAGES.emailTemplateNameRequired,
      kind: MESSAGES.emailTemplateKindInvalid,
      subject: MESSAGES.emailTemplateSubjectRequired,
      mjml: MESSAGES.emailTemplateSourceRequired,
    });
    const big = emailTemplateSchema.safeParse({
      name: 'n',
      kind: 'general',
      subject: 's',
      mjml: 'x'.repeat(EMAIL_TEMPLATE_LIMITS.mjml + 1),
    });
    expect(big.error?.issues[0]?.message).toBe(formatMessage('emailTemplateSourceTooLarge', { max: 500 }));
  });
});

describe('MJML tags nest', () => {
  it.each([
    [
      '<mjml><mj-body><mj-section><mj-column><mj-text>Hi<br>there</mj-text></mj-column></mj-section></mj-body></mjml>',
      null,
    ],
    ['<mjml><mj-body><mj-divider /><mj-image src="a"/></mj-body></mjml>', null],
    ['<mjml>\n<!-- </mj-body> in a comment -->\n</mjml>', null],
    ['<mjml><mj-body><mj-text title="a > b">x</mj-text></mj-body></mjml>', null],
    [
      '<mjml>\n<mj-body>\n<mj-column>\n</mj-colum>\n</mj-body>\n</mjml>',
      { line: 4, message: '</mj-colum> does not close <mj-column>, opened on line 3' },
    ],
    ['<mjml>\n<mj-body>\n</mjml>', { line: 3, message: '</mjml> does not close <mj-body>, opened on line 2' }],
    ['<mjml>\n<mj-body>', { line: 2, message: '<mj-body> is never closed' }],
    ['</mj-text>', { line: 1, message: '</mj-text> closes nothing' }],
    ['<p>hello</p>', { line: 1, message: 'The source must be enclosed in <mjml> … </mjml>' }],
  ])('%s', (source, expected) => {
    expect(structureError(source)).toEqual(expected);
  });
});
