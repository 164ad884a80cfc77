// @vitest-environment node
/**
 * WhatsApp templates' pure parts: the one validator the editor and the server run (a table of
 * cases, each naming its rule, the field it lands on and its message), the Cloud API's components
 * JSON (export → import → export gives the same bytes; what an import refuses) and the preview's
 * reading of WhatsApp markup.
 */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../src/domain/schemas/common';
import { formatMessage, MESSAGES } from '../../src/domain/messages';
import { exportTemplate, importTemplate, toComponents } from '../../src/domain/ws-templates/components';
import {
  blankTemplate,
  WS_DEFAULT_BODY,
  wsTemplateSchema,
  type WsButton,
  type WsTemplate,
} from '../../src/domain/ws-templates/rules';
import { statusMoveSchema } from '../../src/domain/ws-templates/status';
import { fillExamples, variableCount } from '../../src/domain/ws-templates/variables';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { parseMarkup } from '../../src/custom/ws-templates/markup';
import { PhonePreview } from '../../src/custom/ws-templates/PhonePreview';

const good = (): WsTemplate => ({ ...blankTemplate(), name: 'summer_offer', bodyExamples: ['20% off'] });
const quick = (text = 'Yes'): WsButton => ({ type: 'quick_reply', text, url: '', urlExample: '', phone: '' });
const link = (url: string, urlExample = '', text = 'Shop'): WsButton => ({
  type: 'url',
  text,
  url,
  urlExample,
  phone: '',
});
const call = (phone: string, text = 'Call us'): WsButton => ({
  type: 'phone_number',
  text,
  url: '',
  urlExample: '',
  phone,
});
const body = (text: string, examples: string[] = []) => ({ body: text, bodyExamples: examples });
const textHeader = (headerText: string, headerExample = '') => ({ headerFormat: 'text', headerText, headerExample });

const errorsOf = (input: unknown) => {
  const parsed = wsTemplateSchema.safeParse(input);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

/** [rule, change to a good template, field, message]. */
const REFUSED: [string, Record<string, unknown>, string, string][] = [
  ['name required', { name: '' }, 'name', MESSAGES.wsNameRequired],
  ['name only spaces', { name: '   ' }, 'name', MESSAGES.wsNameRequired],
  ['name missing', { name: undefined }, 'name', MESSAGES.wsNameRequired],
  ['name upper case', { name: 'Summer_offer' }, 'name', MESSAGES.wsNameFormat],
  ['name with a space', { name: 'summer offer' }, 'name', MESSAGES.wsNameFormat],
  ['name with a dash', { name: 'summer-offer' }, 'name', MESSAGES.wsNameFormat],
  ['name with an accent', { name: 'promoción' }, 'name', MESSAGES.wsNameFormat],
  ['name too long', { name: 'a'.repeat(513) }, 'name', formatMessage('wsNameTooLong', { max: 512 })],
  ['category unknown', { category: 'promotional' }, 'category', MESSAGES.wsCategoryInvalid],
  ['category in capitals', { category: 'MARKETING' }, 'category', MESSAGES.wsCategoryInvalid],
  ['language not listed', { language: 'xx_XX' }, 'language', MESSAGES.wsLanguageInvalid],
  ['language with a dash', { language: 'en-US' }, 'language', MESSAGES.wsLanguageInvalid],
  ['header format unknown', { headerFormat: 'audio' }, 'headerFormat', MESSAGES.wsHeaderFormatInvalid],
  ['text header empty', textHeader(''), 'headerText', MESSAGES.wsHeaderTextRequired],
  ['text header over 60', textHeader('h'.repeat(61)), 'headerText', formatMessage('wsHeaderTooLong', { max: 60 })],
  ['text header two variables', textHeader('Hi {{1}} and {{2}}', 'Ann'), 'headerText', MESSAGES.wsHeaderOneVariable],
  ['text header variable not 1', textHeader('Hi {{2}}', 'Ann'), 'headerText', MESSAGES.wsVariablesGap],
  ['text header {{0}}', textHeader('Hi {{0}}', 'Ann'), 'headerText', MESSAGES.wsVariableZero],
  ['text header variable without example', textHeader('Hi {{1}}'), 'headerExample', MESSAGES.wsHeaderExampleRequired],
  ['image header without file', { headerFormat: 'image' }, 'headerMediaUrl', MESSAGES.wsHeaderMediaUrl],
  [
    'video header over http',
    { headerFormat: 'video', headerMediaUrl: 'http://cdn.example.com/a.mp4' },
    'headerMediaUrl',
    MESSAGES.wsHeaderMediaUrl,
  ],
  [
    'document header not a URL',
    { headerFormat: 'document', headerMediaUrl: 'menu.pdf' },
    'headerMediaUrl',
    MESSAGES.wsHeaderMediaUrl,
  ],
  ['body empty', body(''), 'body', MESSAGES.wsBodyRequired],
  ['body only spaces', body('  \n '), 'body', MESSAGES.wsBodyRequired],
  ['body missing', { body: undefined }, 'body', MESSAGES.wsBodyRequired],
  ['body over 1,024', body('b'.repeat(1025)), 'body', formatMessage('wsBodyTooLong', { max: 1024 })],
  ['variable {{0}}', body('Hello {{0}} there', ['x']), 'body', MESSAGES.wsVariableZero],
  ['variable {{1 }}', body('Hello {{1 }} there', ['x']), 'body', MESSAGES.wsVariableMalformed],
  ['variable {{ 1}}', body('Hello {{ 1}} there', ['x']), 'body', MESSAGES.wsVariableMalformed],
  ['variable {{a}}', body('Hello {{a}} there', ['x']), 'body', MESSAGES.wsVariableMalformed],
  ['variable {{01}}', body('Hello {{01}} there', ['x']), 'body', MESSAGES.wsVariableMalformed],
  ['variable {{}}', body('Hello {{}} there', ['x']), 'body', MESSAGES.wsVariableMalformed],
  [
    'a {{ never closed',
    body('Hello {{1 there', ['x']),
    'body',
    formatMessage('placeholderNotClosed', { line: 1, placeholder: '{{1' }),
  ],
  ['a }} closing nothing', body('Hello {{1}} and 2}} there', ['x']), 'body', MESSAGES.wsVariableMalformed],
  ['variables with a gap', body('Hi {{1}}, see {{3}} now', ['a', 'b', 'c']), 'body', MESSAGES.wsVariablesGap],
  ['variables not from 1', body('Hi {{2}} now', ['a', 'b']), 'body', MESSAGES.wsVariablesGap],
  ['variable at the start', body('{{1}} is on sale', ['Tea']), 'body', MESSAGES.wsVariableAtStart],
  ['variable at the start after spaces', body('  {{1}} is on sale', ['Tea']), 'body', MESSAGES.wsVariableAtStart],
  ['variable at the end', body('Your code is {{1}}', ['1234']), 'body', MESSAGES.wsVariableAtEnd],
  ['variable at the end before spaces', body('Your code is {{1}}\n', ['1234']), 'body', MESSAGES.wsVariableAtEnd],
  ['variables side by side', body('Hi {{1}}{{2}} today', ['a', 'b']), 'body', MESSAGES.wsVariablesAdjacent],
  [
    'variables with only a space between',
    body('Hi {{1}} {{2}} today', ['a', 'b']),
    'body',
    MESSAGES.wsVariablesAdjacent,
  ],
  ['first example missing', body('Hi {{1}} today', []), 'bodyExamples.0', MESSAGES.wsExampleRequired],
  ['second example blank', body('Hi {{1}}, {{2}} today', ['a', ' ']), 'bodyExamples.1', MESSAGES.wsExampleRequired],
  ['footer over 60', { footer: 'f'.repeat(61) }, 'footer', formatMessage('wsFooterTooLong', { max: 60 })],
  ['footer with a variable', { footer: 'Reply {{1}} to stop' }, 'footer', MESSAGES.wsFooterNoVariables],
  [
    'four buttons',
    { buttons: [quick('a'), quick('b'), quick('c'), quick('d')] },
    'buttons',
    formatMessage('wsButtonsMax', { max: 3 }),
  ],
  [
    'quick reply mixed with a URL',
    { buttons: [quick(), link('https://shop.example.com')] },
    'buttons',
    MESSAGES.wsButtonsMixed,
  ],
  [
    'two URL buttons',
    { buttons: [link('https://a.example.com'), link('https://b.example.com')] },
    'buttons',
    MESSAGES.wsOneUrlButton,
  ],
  [
    'two phone buttons',
    { buttons: [call('+15551234567'), call('+15557654321')] },
    'buttons',
    MESSAGES.wsOnePhoneButton,
  ],
  [
    'button type unknown',
    { buttons: [{ ...quick(), type: 'copy_code' }] },
    'buttons.0.type',
    MESSAGES.wsButtonTypeInvalid,
  ],
  ['button label empty', { buttons: [quick('')] }, 'buttons.0.text', MESSAGES.wsButtonTextRequired],
  [
    'button label over 25',
    { buttons: [quick('x'.repeat(26))] },
    'buttons.0.text',
    formatMessage('wsButtonTextTooLong', { max: 25 }),
  ],
  ['URL button javascript:', { buttons: [link('javascript:alert(1)')] }, 'buttons.0.url', MESSAGES.wsUrlHttps],
  ['URL button http:', { buttons: [link('http://shop.example.com')] }, 'buttons.0.url', MESSAGES.wsUrlHttps],
  ['URL button data:', { buttons: [link('data:text/html,hi')] }, 'buttons.0.url', MESSAGES.wsUrlHttps],
  ['URL button not an address', { buttons: [link('shop example')] }, 'buttons.0.url', MESSAGES.wsUrlInvalid],
  ['URL button empty', { buttons: [link('')] }, 'buttons.0.url', MESSAGES.wsUrlInvalid],
  [
    'URL variable in the middle',
    { buttons: [link('https://x.example.com/{{1}}/buy', 'a')] },
    'buttons.0.url',
    MESSAGES.wsUrlVariable,
  ],
  [
    'URL two variables',
    { buttons: [link('https://x.example.com/{{1}}?c={{2}}', 'a')] },
    'buttons.0.url',
    MESSAGES.wsUrlVariable,
  ],
  [
    'URL variable {{a}}',
    { buttons: [link('https://x.example.com/{{a}}', 'a')] },
    'buttons.0.url',
    MESSAGES.wsVariableMalformed,
  ],
  [
    'URL variable without example',
    { buttons: [link('https://x.example.com/o/{{1}}')] },
    'buttons.0.urlExample',
    MESSAGES.wsUrlExampleRequired,
  ],
  ['phone not E.164', { buttons: [call('(555) 123-4567')] }, 'buttons.0.phone', MESSAGES.wsPhoneInvalid],
  ['phone starting +0', { buttons: [call('+0551234567')] }, 'buttons.0.phone', MESSAGES.wsPhoneInvalid],
  ['phone too long', { buttons: [call('+1234567890123456')] }, 'buttons.0.phone', MESSAGES.wsPhoneInvalid],
];

const ACCEPTED: [string, Record<string, unknown>][] = [
  ['the brief default body with its example', {}],
  ['a body without variables', body('Thanks for your order.')],
  ['a variable used twice', body('Hi {{1}}, yes {{1}} again.', ['Ann'])],
  ['variables with words between', body('Hi {{1}}, see {{2}} now', ['a', 'b'])],
  ['a text header with its example', textHeader('Hello {{1}}', 'Ann')],
  ['a text header without variables', textHeader('Summer sale')],
  ['an image header over https', { headerFormat: 'image', headerMediaUrl: 'https://cdn.example.com/a.png' }],
  ['a footer of 60', { footer: 'f'.repeat(60) }],
  ['three quick replies', { buttons: [quick('a'), quick('b'), quick('c')] }],
  [
    'a URL with its variable at the end and a phone',
    { buttons: [link('https://x.example.com/o/{{1}}', '42'), call('+15551234567')] },
  ],
  ['a label of 25', { buttons: [quick('x'.repeat(25))] }],
];

describe('the WhatsApp template validator', () => {
  it(`has at least 40 refusals in its table (${REFUSED.length}), each rule with its own message`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(40);
    const wsCodes = Object.keys(MESSAGES).filter((code) => code.startsWith('ws'));
    const texts = new Set(wsCodes.map((code) => MESSAGES[code as keyof typeof MESSAGES]));
    expect(texts.size).toBe(wsCodes.length);
  });

  it.each(REFUSED)('refuses: %s', (_rule, change, field, message) => {
    const errors = errorsOf({ ...good(), ...change });
    expect(errors[field]).toBe(message);
  });

  it.each(ACCEPTED)('accepts: %s', (_rule, change) => {
    expect(errorsOf({ ...good(), ...change })).toEqual({});
  });

  it('starts a new template with the brief’s default body', () => {
    expect(blankTemplate().body).toBe('We have an exciting offer {{1}}. Are you interested in hearing more?');
    // A new template needs its name and the default body's example; every rule speaks at once.
    expect(errorsOf(blankTemplate())).toEqual({
      name: MESSAGES.wsNameRequired,
      'bodyExamples.0': MESSAGES.wsExampleRequired,
    });
  });

  it("starts a new template in the screen's language: a Spanish body under the 'es' code, the same variable", () => {
    const spanish = blankTemplate('es');
    expect(spanish).toMatchObject({
      language: 'es',
      body: 'Tenemos una oferta emocionante {{1}}. ¿Te interesa saber más?',
    });
    expect(variableCount(spanish.body)).toBe(variableCount(blankTemplate().body));
    expect(errorsOf({ ...spanish, name: 'oferta', bodyExamples: ['de invierno'] })).toEqual({});
    // English, and a language with no default body of its own, start as the brief's.
    for (const screen of ['en', 'en-US', 'fr', undefined])
      expect(blankTemplate(screen)).toMatchObject({ language: 'en_US', body: WS_DEFAULT_BODY });
  });

  it('checks a status move and its note', () => {
    expect(statusMoveSchema.safeParse({ status: 'submitted' }).success).toBe(true);
    const draft = statusMoveSchema.safeParse({ status: 'draft' });
    expect(draft.success ? {} : fieldErrors(draft.error)).toEqual({ status: MESSAGES.statusTransition });
    const long = statusMoveSchema.safeParse({ status: 'rejected', note: 'n'.repeat(501) });
    expect(long.success ? {} : fieldErrors(long.error)).toEqual({ note: formatMessage('wsNoteTooLong', { max: 500 }) });
  });

  it('reads variables and fills examples', () => {
    expect(variableCount('a {{1}} b {{2}} c {{1}}')).toBe(2);
    expect(variableCount('a {{0}} b {{x}}')).toBe(0);
    expect(fillExamples('Hi {{1}}, {{2}}!', ['Ann'])).toBe('Hi Ann, {{2}}!');
  });
});

describe("the Cloud API's components JSON", () => {
  const full: WsTemplate = {
    name: 'order_update',
    category: 'utility',
    language: 'es_MX',
    headerFormat: 'text',
    headerText: 'Order {{1}}',
    headerExample: 'A-17',
    headerMediaUrl: '',
    body: 'Hi {{1}}, your order *{{2}}* ships _today_.',
    bodyExamples: ['Ann', 'A-17'],
    footer: 'Reply STOP to opt out',
    buttons: [link('https://shop.example.com/track/{{1}}', 'A-17', 'Track'), call('+15551234567')],
  };

  it('writes Meta’s HEADER / BODY / FOOTER / BUTTONS with their examples', () => {
    expect(toComponents(full)).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['A-17'] } },
      { type: 'BODY', text: full.body, example: { body_text: [['Ann', 'A-17']] } },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Track',
            url: 'https://shop.example.com/track/{{1}}',
            example: ['https://shop.example.com/track/A-17'],
          },
          { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15551234567' },
        ],
      },
    ]);
    expect(JSON.parse(exportTemplate(full))).toMatchObject({
      name: 'order_update',
      language: 'es_MX',
      category: 'UTILITY',
    });
  });

  it.each([
    ['text header, URL and phone', full],
    ['the default', good()],
    [
      'an image header and quick replies',
      {
        ...good(),
        headerFormat: 'image',
        headerMediaUrl: 'https://cdn.example.com/a.png',
        buttons: [quick('a'), quick('b')],
      },
    ],
  ] as [string, WsTemplate][])('export → import → export gives the same bytes: %s', (_name, template) => {
    const first = exportTemplate(template);
    const back = importTemplate(first, blankTemplate());
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(errorsOf(back.template)).toEqual({});
    expect(exportTemplate(back.template)).toBe(first);
  });

  it('takes a components list alone, keeping the name, language and category it had', () => {
    const base = { ...good(), name: 'kept', language: 'pt_BR' as const };
    const read = importTemplate(JSON.stringify([{ type: 'BODY', text: 'Hello there' }]), base);
    expect(read).toMatchObject({
      ok: true,
      template: { name: 'kept', language: 'pt_BR', body: 'Hello there', buttons: [] },
    });
  });

  it.each([
    ['not JSON', '{ nope'],
    ['a number', '42'],
    ['an object without components', '{"name":"x"}'],
    ['an unknown component', '[{"type":"CAROUSEL"}]'],
    ['no body', '[{"type":"FOOTER","text":"x"}]'],
    ['two bodies', '[{"type":"BODY","text":"a"},{"type":"BODY","text":"b"}]'],
    ['an unknown button', '[{"type":"BODY","text":"a"},{"type":"BUTTONS","buttons":[{"type":"OTP"}]}]'],
  ])('refuses %s with one message', (_name, source) => {
    expect(importTemplate(source, blankTemplate())).toEqual({ ok: false, message: MESSAGES.wsImportInvalid });
  });
});

describe('WhatsApp markup in the preview', () => {
  it.each([
    ['*bold*', [{ style: 'bold', children: ['bold'] }]],
    ['a _b_ c', ['a ', { style: 'italic', children: ['b'] }, ' c']],
    ['~gone~!', [{ style: 'strike', children: ['gone'] }, '!']],
    ['```x *y*```', [{ style: 'mono', children: ['x *y*'] }]],
    ['*bold _and italic_*', [{ style: 'bold', children: ['bold ', { style: 'italic', children: ['and italic'] }] }]],
    ['2*3*4', ['2*3*4']],
    ['* not bold*', ['* not bold*']],
    ['*not\nbold*', ['*not\nbold*']],
    ['snake_case_name', ['snake_case_name']],
    ['<b>hi</b>', ['<b>hi</b>']],
  ])('reads %j', (text, nodes) => {
    expect(parseMarkup(text)).toEqual(nodes);
  });
});

describe('the phone preview', () => {
  it('draws the markup as elements with the examples filled in, and a template’s HTML as text', () => {
    const html = renderToStaticMarkup(
      createElement(PhonePreview, {
        sender: 'Blue Note',
        template: {
          ...good(),
          headerFormat: 'text',
          headerText: '<b>Sale</b>',
          body: 'Hi *{{1}}*, <img src=x onerror=alert(1)> ```code``` now.',
          bodyExamples: ['Ann'],
          footer: '<script>x</script>',
          buttons: [quick('Yes <i>please</i>')],
        },
      }),
    );
    expect(html).toContain('<strong class="ws-markup-bold">Ann</strong>');
    expect(html).toContain('<code class="ws-markup-mono">code</code>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;Sale&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('Yes &lt;i&gt;please&lt;/i&gt;');
    expect(html).not.toMatch(/<(img|b|script|i)[\s>]/);
  });
});
