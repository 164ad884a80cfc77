/*
 * The mail preview's frame (src/ui/mail/MailFrame.tsx draws it; server/http/spa.ts gives it its
 * policy): the app posts a mail's HTML and its frame's name, drawn in the frame inside, sandboxed
 * (no scripts, no origin), under this page's policy, which lets the mail's https pictures in.
 */
const frame = document.querySelector('iframe');
addEventListener('message', (event) => {
  if (event.source !== parent || event.origin !== location.origin) return;
  const { html, title } = event.data ?? {};
  if (typeof html !== 'string') return;
  if (typeof title === 'string') frame.title = title;
  frame.srcdoc = html;
});
