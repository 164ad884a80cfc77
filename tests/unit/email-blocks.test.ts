// @vitest-environment node
/**
 * The visual mode's blocks → MJML (src/domain/email-templates/blocks-mjml.ts), each block type
 * once, the text marks, the escaping of what a person typed and the variables kept as written;
 * and that the MJML made from a design with every block renders (mjml's strict validator) with
 * no findings. The schema's refusals and their messages are the API suite's
 * (tests/api/email-templates-visual.test.ts), where the server answers them.
 */
import { describe, expect, it } from 'vitest';
import mjml2html from 'mjml';
import { blockMjml, designToMjml, textHtml } from '../../src/domain/email-templates/blocks-mjml';
import { newBlock, newColumnBlock, starterDesign } from '../../src/domain/email-templates/blocks-new';
import { emailDesignSchema, type EmailDesign } from '../../src/domain/email-templates/blocks';
import { renderSource } from '../../server/modules/email-templates/render';

describe('text marks', () => {
  it.each([
    ['Hello', 'Hello'],
    ['**bold** and *italic*', '<strong>bold</strong> and <em>italic</em>'],
    ['one\ntwo\r\nthree', 'one<br />two<br />three'],
    ['[our shop](https://shop.example.com/a_b*c*)', '<a href="https://shop.example.com/a_b*c*">our shop</a>'],
    ['[write](mailto:hi@example.com)', '<a href="mailto:hi@example.com">write</a>'],
    ['**[bold link](https://x.example)**', '<strong><a href="https://x.example">bold link</a></strong>'],
    ['2 * 3 * 4 = 24, and a lone **', '2 * 3 * 4 = 24, and a lone **'],
    ['*a*', '<em>a</em>'],
  ])('%j', (text, html) => expect(textHtml(text)).toBe(html));

  it('escapes what was typed: tags, ampersands, quotes, and the private characters it uses itself', () => {
    expect(textHtml('<script>alert("x")</script> & \'y\'')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
    expect(textHtml('a\uE0000\uE001b')).toBe('a0b');
    expect(textHtml('[x](https://a.example/?q="><b>)')).toBe(
      '<a href="https://a.example/?q=&quot;&gt;&lt;b&gt;">x</a>',
    );
  });

  it('keeps well-formed variables as written (a * in a fallback is not a mark), and escapes the others', () => {
    expect(textHtml('Hi {{contact.firstName | "there"}}, **{{business.name}}**')).toBe(
      'Hi {{contact.firstName | "there"}}, <strong>{{business.name}}</strong>',
    );
    expect(textHtml('{{contact.firstName | "*star*"}}')).toBe('{{contact.firstName | "*star*"}}');
    expect(textHtml('[Hi {{contact.firstName}}](https://a.example/{{contact.firstName}})')).toBe(
      '<a href="https://a.example/{{contact.firstName}}">Hi {{contact.firstName}}</a>',
    );
    // A fallback HTML would read, or a placeholder that is not a variable's form: plain text.
    expect(textHtml('{{x | "<b>"}} {{1}}')).toBe('{{x | &quot;&lt;b&gt;&quot;}} {{1}}');
  });
});

describe('each block', () => {
  it('text', () => {
    const block = { ...newColumnBlock('text'), text: 'Hi *you*', bold: true, align: 'center' as const };
    expect(blockMjml(block)).toBe(
      '<mj-text font-size="16px" line-height="1.5" font-weight="bold" color="#1f2937" align="center">Hi <em>you</em></mj-text>',
    );
  });
  it('image, with and without a link; alt text escaped', () => {
    const image = { ...newColumnBlock('image'), src: 'https://a.example/p.png', alt: 'A "red" <shoe>', width: 300 };
    expect(blockMjml(image)).toBe(
      '<mj-image src="https://a.example/p.png" alt="A &quot;red&quot; &lt;shoe&gt;" width="300px" align="center"></mj-image>',
    );
    expect(blockMjml({ ...image, href: 'https://a.example' })).toContain(' href="https://a.example"');
    // A picture uploaded here is named by its path: the app's address is put before it.
    const own = { ...image, src: `/api/email-templates/images/${'a'.repeat(32)}.png` };
    expect(blockMjml(own, 'https://app.example.com')).toContain(
      ` src="https://app.example.com/api/email-templates/images/${'a'.repeat(32)}.png"`,
    );
  });
  it('button: label escaped, its variables kept', () => {
    const button = { ...newColumnBlock('button'), label: 'Book, {{contact.firstName}} & go' };
    expect(blockMjml(button)).toBe(
      '<mj-button href="https://example.com" background-color="#1677ff" color="#ffffff" align="center">Book, {{contact.firstName}} &amp; go</mj-button>',
    );
  });
  it('divider', () => {
    expect(blockMjml({ ...newColumnBlock('divider'), thickness: 2 })).toBe(
      '<mj-divider border-color="#e5e7eb" border-width="2px"></mj-divider>',
    );
  });
  it('columns: a section of two or three columns, each with its blocks; a top-level block in a section of its own', () => {
    const design: EmailDesign = { background: '#eeeeee', blocks: [newBlock('divider', 'd'), newBlock('columns', 'c')] };
    const columns = design.blocks[1]!;
    if (columns.type !== 'columns') throw new Error('columns');
    columns.section = { background: '#fafafa', padding: 8 };
    columns.columns.push({ blocks: [] });
    const mjml = designToMjml(design);
    expect(mjml).toContain('<mj-body background-color="#eeeeee">');
    expect(mjml.match(/<mj-section /g)).toHaveLength(2);
    expect(mjml).toContain('<mj-section background-color="#fafafa" padding="8px">');
    expect(mjml.match(/<mj-column>/g)).toHaveLength(4);
    expect(mjml).toContain('<mj-column></mj-column>');
  });
});

describe('a whole design', () => {
  it('passes its schema, renders with mjml’s strict validator and has no findings', async () => {
    const design = starterDesign();
    const columns = newBlock('columns');
    if (columns.type !== 'columns') throw new Error('columns');
    columns.columns.push({ blocks: [newColumnBlock('image'), newColumnBlock('button'), newColumnBlock('divider')] });
    design.blocks.push(newBlock('image'), newBlock('divider'), columns);
    expect(emailDesignSchema.safeParse(design).success).toBe(true);
    const mjml = designToMjml(design);
    const strict = await mjml2html(mjml, { validationLevel: 'strict' });
    expect(strict.errors).toEqual([]);
    const rendered = await renderSource({ kind: 'general', subject: 'Hi', mjml });
    expect(rendered.findings).toEqual([]);
    expect(rendered.html).toContain('Hi {{contact.firstName | "there"}},<br />Thank you for being with us.');
  });
});

describe('the rendered mail', () => {
  it('imports no web font: mjml would link Google Fonts for its default font stack', async () => {
    const mjml =
      '<mjml><mj-body><mj-section><mj-column><mj-text>Hello</mj-text></mj-column></mj-section></mj-body></mjml>';
    const { html } = await renderSource({ kind: 'general', subject: 'Hello', mjml });
    expect(html).toContain('Helvetica');
    expect(html).not.toMatch(/fonts\.googleapis|@import url/);
  });
});
