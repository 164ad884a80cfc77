/**
 * The Facebook page connection (the product brief, section 7 — Facebook: POST connect; GET
 * status; GET pages; POST create page (multipart); POST save selected page with pageId), plus
 * the sign-in's callback and disconnecting. Club owners only, each on their own business's
 * connection; the work is facebook-service.ts's.
 */
import type { FastifyRequest } from 'fastify';
import { FACEBOOK_API } from '../../../src/domain/facebook/api';
import {
  callbackSchema,
  createPageSchema,
  PAGE_PICTURE,
  pagePictureRefusal,
  savePageSchema,
} from '../../../src/domain/facebook/rules';
import {
  connectAnswer,
  createdPageAnswer,
  disconnectAnswer,
  pageAnswer,
  statusAnswer,
} from '../../../src/domain/facebook/wire';
import { MESSAGES } from '../../../src/domain/messages';
import { caller } from '../../auth/access';
import { badRequest } from '../../http/errors';
import { errorBody, errorResponses, ok, okList } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { cleanFileName, registerMultipart, sniffContentType, uploadHooks } from '../storage';
import {
  completeSignIn,
  connectUrl,
  createPage,
  disconnect,
  pagesOf,
  selectPage,
  statusOf,
  type PagePicture,
} from './facebook-service';
import { publicOrigin } from '../../http/public-origin';

const tags = ['Facebook'];
const OWNER = { access: { roles: ['CLUBOWNER' as const], tenant: true } };
const PICTURE = 'picture';

/** The answers a call that reaches Facebook can give beyond the common ones. */
const graphRefusals = {
  409: errorBody.describe(
    'Facebook said no (its words in the message), the owner must reconnect, nothing is connected, or this server has no Facebook app set (FACEBOOK_APP_ID, FACEBOOK_APP_SECRET)',
  ),
  502: errorBody.describe('Facebook could not be reached, or its answer could not be read'),
  504: errorBody.describe('Facebook did not answer in time (FACEBOOK_TIMEOUT_MS)'),
};

/** The caller's identity and business: the route's access rule (tenant) makes sure there is one. */
const ownerOf = (request: FastifyRequest) => {
  const auth = caller(request);
  return { userId: auth.userId, businessId: auth.businessId! };
};

const facebookRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app, { maxBytes: PAGE_PICTURE.maxBytes, fields: 3, sizeCheckedBy: 'parser' });
  /** The picture is held in memory (≤ 4 MB) to be sent on to Facebook, never stored here. */
  const pictureUpload = uploadHooks<{ bytes: Buffer; fileName: string }>(app, {
    files: [PICTURE],
    tooLarge: MESSAGES.facebookPictureTooLarge,
    save: async (_field, part) => ({ bytes: await part.toBuffer(), fileName: cleanFileName(part.filename, 'picture') }),
  });

  app.get(
    FACEBOOK_API.status,
    {
      schema: {
        tags,
        summary:
          "My business's Facebook connection: whether this server has a Facebook app set, the account, the selected page",
        response: { 200: ok(statusAnswer), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => ({ result: await statusOf(app, ownerOf(request).businessId) }),
  );

  app.post(
    FACEBOOK_API.connect,
    {
      schema: {
        tags,
        summary:
          "Start connecting: the Facebook login dialog's address, with a state signed for me and my business (valid 15 minutes). Facebook sends the browser back to /facebook_ads with code and state",
        response: { 200: ok(connectAnswer), ...errorResponses, 409: graphRefusals[409] },
      },
      config: OWNER,
    },
    async (request) => ({
      result: { url: await connectUrl(app, ownerOf(request), publicOrigin(app.ctx.config, request)) },
    }),
  );

  app.post(
    FACEBOOK_API.callback,
    {
      schema: {
        tags,
        summary:
          'Finish connecting with what Facebook sent back (code, state): the state must be the one signed for me and my business; the code is traded for a long-lived token kept sealed on the server',
        body: callbackSchema,
        response: { 200: ok(statusAnswer), ...errorResponses, ...graphRefusals },
      },
      config: OWNER,
    },
    async (request) => ({ result: await completeSignIn(app, ownerOf(request), request.body) }),
  );

  app.get(
    FACEBOOK_API.pages,
    {
      schema: {
        tags,
        summary: 'The pages the connected Facebook account manages (asked of Facebook each time)',
        response: { 200: okList(pageAnswer), ...errorResponses, ...graphRefusals },
      },
      config: OWNER,
    },
    async (request) => ({ result: await pagesOf(app, ownerOf(request).businessId) }),
  );

  app.post(
    FACEBOOK_API.page,
    {
      schema: {
        tags,
        summary:
          'Use this page (pageId): it must be one the connected account manages now; its page token is kept sealed',
        body: savePageSchema,
        response: { 200: ok(statusAnswer), ...errorResponses, ...graphRefusals },
      },
      config: OWNER,
    },
    async (request) => ({ result: await selectPage(app, ownerOf(request).businessId, request.body.pageId) }),
  );

  app.post(
    FACEBOOK_API.pages,
    {
      schema: {
        tags,
        summary:
          "Create a Facebook page (multipart: name, category, about; optional file part picture, PNG or JPEG ≤ 4 MB), sent on to Graph's page-creation call. Few apps are allowed it: Facebook's refusal comes back as a 409 in its words",
        consumes: ['multipart/form-data'],
        body: createPageSchema,
        response: { 200: ok(createdPageAnswer), ...errorResponses, ...graphRefusals },
      },
      config: OWNER,
      ...pictureUpload.hooks,
    },
    async (request) => {
      const held = pictureUpload.file(request);
      let picture: PagePicture | null = null;
      if (held) {
        // What the bytes are, not what the name or the browser said: the form's rule on the truth.
        const type = sniffContentType(held.bytes) ?? '';
        const refusal = pagePictureRefusal({ type, size: held.bytes.length });
        if (refusal) throw badRequest(refusal, { [PICTURE]: refusal });
        picture = { bytes: held.bytes, type, fileName: held.fileName };
      }
      pictureUpload.claim(request);
      return { result: await createPage(app, ownerOf(request).businessId, request.body, picture) };
    },
  );

  app.delete(
    FACEBOOK_API.connection,
    {
      schema: {
        tags,
        summary:
          "Disconnect: Facebook is asked to withdraw the app's access (Graph DELETE /{user-id}/permissions), then the account, the page and their tokens are forgotten on this server whatever Facebook answered; withdrawal says which: done, failed (Facebook down or refusing: remove the app in Facebook's settings), none (nothing was connected)",
        response: { 200: ok(disconnectAnswer), ...errorResponses },
      },
      config: OWNER,
    },
    async (request) => ({ result: await disconnect(app, ownerOf(request).businessId) }),
  );
};
export default facebookRoutes;
