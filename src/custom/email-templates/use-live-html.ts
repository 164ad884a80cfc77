import { useEffect, useState } from 'react';
import type mjml2html from 'mjml-browser';
import { MJML_RENDER_OPTIONS } from '../../domain/email-templates/rules';

/**
 * The MJML rendered in the browser, as the user types: mjml-browser (about 1.2 MB before gzip) is
 * imported here, on this page only, so it never weighs on the first load. A render that throws
 * (source that is not MJML at all) keeps the last good HTML on screen; the server's preview names
 * the error with its line.
 */
let loading: Promise<{ default: typeof mjml2html }> | null = null;
const load = () => (loading ??= import('mjml-browser'));

export function useLiveHtml(mjml: string): { html: string | null; failed: boolean } {
  const [state, setState] = useState<{ html: string | null; failed: boolean }>({ html: null, failed: false });
  useEffect(() => {
    let current = true;
    // A short pause, so a burst of typing renders once.
    const timer = setTimeout(() => {
      load()
        .then((mod) => mod.default(mjml, { validationLevel: 'skip', ...MJML_RENDER_OPTIONS }))
        .then(
          (result) => current && setState({ html: result.html, failed: false }),
          () => current && setState((s) => ({ ...s, failed: true })),
        );
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [mjml]);
  return state;
}
