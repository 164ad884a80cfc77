/**
 * The building blocks of the platform's mail sources (platform-sources*.ts): one white card of
 * 16 px paragraphs, and a link whose label is its address.
 */
export interface PlatformSource {
  name: string;
  subject: string;
  mjml: string;
}

export const mail = (blocks: string[]) => `<mjml>
  <mj-body background-color="#f4f4f5">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
${blocks.map((b) => `        ${b}`).join('\n')}
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;
export const p = (html: string) => `<mj-text font-size="16px" line-height="24px">${html}</mj-text>`;
/** The address itself as the label: the text part shows it once, as the plain mail did. */
export const link = (variable: string, fallback?: string) => {
  const v = fallback === undefined ? `{{${variable}}}` : `{{${variable}|"${fallback}"}}`;
  // Single quotes keep the fallback's inside the attribute; no spaces, or the text part would show
  // the address twice (html-to-text hides an href only when it is the same as the label).
  return `<a href='${v}'>${v}</a>`;
};
