/** The parts of mjml 5 and html-to-text 10 this module uses (neither ships its types). */
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  export default function mjml2html(
    source: string,
    options?: {
      validationLevel?: 'strict' | 'soft' | 'skip';
      keepComments?: boolean;
      minify?: boolean;
      fonts?: Record<string, string>;
    },
  ): Promise<{ html: string; errors: MjmlError[] }>;
}

declare module 'html-to-text' {
  export function convert(html: string, options?: Record<string, unknown>): string;
}
