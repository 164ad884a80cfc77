/**
 * The widget's styles, inside its shadow root so the host site's CSS and ours never meet.
 * Launcher 64 px; panel 400 px wide and 250–640 px tall; full screen under 667 px (the product
 * brief's widget). Dark when the visitor's system is (the site's own theme is not ours to read).
 */
export const WIDGET_CSS = `
:host { all: initial; font: 15px/1.4 system-ui, sans-serif; color: #1f1f1f; }
.launcher { position: fixed; right: 20px; bottom: 20px; width: 64px; height: 64px; border-radius: 50%;
  border: 0; background: #3559e0; color: #fff; cursor: pointer; display: grid; place-items: center; box-shadow: 0 4px 16px rgba(0,0,0,.25); z-index: 2147483000; }
.launcher:focus-visible, button:focus-visible, textarea:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.badge { position: absolute; top: -4px; right: -4px; min-width: 20px; height: 20px; border-radius: 10px; background: #d4380d;
  color: #fff; font-size: 12px; line-height: 20px; padding: 0 6px; }
.panel { position: fixed; right: 20px; bottom: 96px; width: 400px; height: min(640px, calc(100vh - 120px)); min-height: 250px;
  background: #fff; border-radius: 12px; box-shadow: 0 8px 32px rgba(0,0,0,.3); display: flex; flex-direction: column; z-index: 2147483001; overflow: hidden; }
.panel[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 12px 16px; background: #3559e0; color: #fff; }
header h2 { font-size: 16px; margin: 0; flex: 1; }
header img { width: 32px; height: 32px; border-radius: 50%; }
header button { background: transparent; border: 0; color: #fff; font-size: 22px; cursor: pointer; }
.log { flex: 1; overflow-y: auto; }
ol { list-style: none; margin: 0; padding: 12px; display: flex; flex-direction: column; gap: 8px; }
li { max-width: 85%; padding: 8px 12px; border-radius: 10px; background: #f0f2f5; white-space: pre-wrap; overflow-wrap: anywhere; }
li.visitor { align-self: flex-end; background: #dbe4ff; }
li.system { align-self: center; background: transparent; color: #595959; font-size: 13px; }
li small { display: block; color: #595959; font-size: 12px; margin-top: 4px; }
form { display: flex; gap: 8px; padding: 12px; border-top: 1px solid #e5e5e5; }
textarea { flex: 1; resize: none; font: inherit; padding: 8px; border: 1px solid #bfbfbf; border-radius: 8px; max-height: 96px; }
.actions { padding: 0 12px 12px; }
button.primary, button.link { font: inherit; cursor: pointer; border-radius: 8px; }
button.primary { background: #3559e0; color: #fff; border: 0; padding: 8px 14px; }
button.link { background: transparent; border: 1px solid #3559e0; color: #3559e0; padding: 6px 10px; }
.typing { margin: 0; padding: 0 12px 6px; min-height: 18px; color: #595959; font-size: 13px; font-style: italic; }
.typing[hidden] { display: block; visibility: hidden; }
.error { color: #a8071a; padding: 0 12px; font-size: 13px; }
@media (prefers-color-scheme: dark) {
  :host { color: #e8e8e8; }
  .panel { background: #1f1f1f; }
  li { background: #2c2c2c; }
  li.visitor { background: #2b3a6b; }
  li.system, li small, .typing { color: #b5b5b5; }
  form { border-top-color: #3a3a3a; }
  textarea { background: #141414; color: #e8e8e8; border-color: #595959; }
  button.link { color: #a9bcff; border-color: #a9bcff; }
  .error { color: #ff7875; }
}
@media (max-width: 666px) { .panel { inset: 0; width: auto; height: auto; border-radius: 0; max-height: none; } }
`;
