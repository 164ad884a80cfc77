/**
 * The Facebook page connection's calls (the product brief, section 7 — Facebook: POST connect;
 * GET status; GET pages; POST create page (multipart); POST save selected page with pageId) and
 * the screen they serve (facebook_ads, club owners). Our reading adds the two halves the brief's
 * list leaves implicit: the OAuth callback the screen hands back, and disconnecting.
 */
export const FACEBOOK_API = {
  /** POST: the Facebook login dialog's address, with a state signed for this owner and business. */
  connect: '/api/Facebook/connect',
  /** POST { code, state }: what Facebook sent back to the screen; the server trades the code for a token. */
  callback: '/api/Facebook/callback',
  /** GET: configured, connected, the account and the selected page. */
  status: '/api/Facebook/status',
  /** GET: the pages the connected account manages. POST (multipart): create a page. */
  pages: '/api/Facebook/pages',
  /** POST { pageId }: the page this business uses. */
  page: '/api/Facebook/page',
  /** DELETE: forget the connection and its tokens. */
  connection: '/api/Facebook/connection',
} as const;

/** The screen Facebook sends the owner back to (the dialog's redirect_uri is the app's origin + this). */
export const FACEBOOK_SCREEN = '/facebook_ads';

/**
 * What the dialog asks the owner to grant: the pages they manage (pages_show_list), their page
 * tokens' use for reading and managing the page (pages_read_engagement, pages_manage_metadata).
 */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_manage_metadata'] as const;

/** What an administrator sets to turn the connection on (the README's Configuration names them all). */
export const FACEBOOK_SETTINGS = ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET'] as const;
