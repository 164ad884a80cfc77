/** mjml-browser 5 ships no types: the one call the live preview makes. */
declare module 'mjml-browser' {
  export default function mjml2html(
    source: string,
    options?: { validationLevel?: 'strict' | 'soft' | 'skip'; fonts?: Record<string, string> },
  ): Promise<{ html: string; errors: { line: number; message: string }[] }>;
}
