import { useEffect, useRef, useState, type CSSProperties } from 'react';

/** The frame's page, served with a policy of its own (server/http/spa.ts, MAIL_FRAME_CSP). */
const MAIL_FRAME_PAGE = `${import.meta.env.BASE_URL}mail-frame.html`;

/**
 * A mail shown as its reader sees it: the template's preview, a saved version, a campaign's mail to
 * one contact. The HTML goes to a page of the app's own (public/mail-frame.html), which draws it in
 * a sandboxed frame (no scripts, no origin: a mail can do nothing to the app) and lets its https
 * pictures in, as a mail app does. Drawn here from a string (srcdoc), the frame took the app's
 * policy, which keeps pictures to the app itself, and a mail's pictures from elsewhere showed none.
 */
export function MailFrame({
  html,
  title,
  className,
  style,
  ...data
}: {
  html: string;
  /** The frame's name for screen readers (the mail inside carries it too). */
  title: string;
  className?: string;
  style?: CSSProperties;
} & { [attribute: `data-${string}`]: string | number }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded) ref.current?.contentWindow?.postMessage({ html, title }, window.location.origin);
  }, [loaded, html, title]);
  return (
    <iframe
      ref={ref}
      src={MAIL_FRAME_PAGE}
      title={title}
      className={className}
      style={style}
      onLoad={() => setLoaded(true)}
      {...data}
    />
  );
}
