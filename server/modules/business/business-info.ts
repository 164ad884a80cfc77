/**
 * Business info (the product brief, section 7, Business): "GET and PUT business info (GET with
 * query userId); PUT branding; GET and PUT business address; PUT company name; … GET and PUT
 * social links". GET business info and PUT company name serve every business owner (the
 * venue, mover and user screens); the rest is the fleet manager's business_info screen, the only
 * role the brief's matrix gives it. The business is always the caller's own (from the session,
 * never from the body); a user of another business is answered 404, as if it did not exist.
 * The time zone ("PATCH time zone") is served with the venue routes, on the same column.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addressSchema,
  BUSINESS_INFO_API,
  brandingSchema,
  businessInfoSchema,
  companyNameSchema,
  socialLinksSchema,
  SOCIAL_NETWORKS,
  type SocialLinks,
} from '../../../src/domain/business/business-info';
import { BUSINESS_ROLES } from '../../../src/domain/roles';
import { assertSameTenant, caller } from '../../auth/access';
import type { businesses } from '../../db/schema';
import { notFound } from '../../http/errors';
import { errorResponses, ok } from '../../http/response';
import type { FastifyPluginAsyncZod } from '../../http/type-provider';
import { businessSchema } from '../user';
import { businessById, businessOfUser, renameBusiness, updateBusinessInfo, type BusinessInfoPatch } from './businesses';
import { recordIdSchema } from '../../../src/domain/schemas/record-id';

const infoQuery = z.object({ userId: z.optional(recordIdSchema) });

const brandingOut = z.object({ primaryColor: z.string().nullable(), secondaryColor: z.string().nullable() });
const addressOut = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string().describe('Region code, e.g. US'),
});
const socialLinksOut = z.object(
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, z.string().nullable()])) as Record<
    (typeof SOCIAL_NETWORKS)[number],
    z.ZodNullable<z.ZodString>
  >,
);
export const businessInfoOut = businessSchema.extend({
  companyLogo: z.string().nullable().describe('Path of the logo (GET it without a token), or null'),
  timeZone: z.string().describe('IANA time zone'),
  branding: brandingOut,
  address: addressOut,
  socialLinks: socialLinksOut,
});

type BusinessRow = typeof businesses.$inferSelect;

const socialLinksOf = (row: BusinessRow): SocialLinks =>
  Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, row.socialLinks[n] ?? null])) as SocialLinks;

export const toBusinessInfo = (row: BusinessRow): z.output<typeof businessInfoOut> => ({
  id: row.id,
  companyName: row.companyName,
  companyLogo: row.companyLogo,
  companyWebSite: row.companyWebSite,
  status: row.status,
  timeZone: row.timeZone,
  branding: { primaryColor: row.primaryColor, secondaryColor: row.secondaryColor },
  address: { street: row.street, city: row.city, state: row.state, zipCode: row.zipCode, country: row.country },
  socialLinks: socialLinksOf(row),
});

/** Only the set links are stored; an empty or absent one is removed. */
const storedLinks = (links: Partial<Record<string, string | null | undefined>>) =>
  Object.fromEntries(Object.entries(links).filter((e): e is [string, string] => typeof e[1] === 'string'));

/** Address fields as stored (an absent one is empty). */
const storedAddress = (a: z.output<typeof addressSchema>) => ({
  street: a.street ?? '',
  city: a.city ?? '',
  state: a.state ?? '',
  zipCode: a.zipCode ?? '',
  country: a.country,
});

/** The fleet manager of the business (the brief's matrix gives business_info to TRUCKER only). */
const FLEET = { access: { roles: ['TRUCKER' as const], tenant: true } };
const tags = ['Business'];

const businessInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const businessOf = (request: FastifyRequest) => {
    const id = caller(request).businessId;
    if (!id) throw notFound();
    return id;
  };
  const write = async (request: FastifyRequest, patch: BusinessInfoPatch) => {
    const row = await updateBusinessInfo(db, businessOf(request), patch, app.ctx.now());
    if (!row) throw notFound();
    return { result: toBusinessInfo(row) };
  };
  const infoResponse = { 200: ok(businessInfoOut), ...errorResponses };

  app.get(
    BUSINESS_INFO_API.businessInfo,
    {
      schema: {
        tags,
        summary: "A user's business (default: the caller's): name, logo, website, branding, address, time zone, links",
        querystring: infoQuery,
        response: infoResponse,
      },
      config: { access: { roles: 'any', tenant: true } },
    },
    async (request) => {
      const business = await businessOfUser(db, request.query.userId ?? caller(request).userId);
      if (!business) throw notFound();
      assertSameTenant(request, business.id);
      return { result: toBusinessInfo(business) };
    },
  );

  app.put(
    BUSINESS_INFO_API.businessInfo,
    {
      schema: {
        tags,
        summary: "Save my business's info: name, website, branding, address, time zone and links, all or nothing",
        body: businessInfoSchema,
        response: infoResponse,
      },
      config: FLEET,
    },
    async (request) => {
      const b = request.body;
      return write(request, {
        companyName: b.companyName,
        companyWebSite: b.companyWebSite ?? null,
        ...b.branding,
        ...storedAddress(b.address),
        timeZone: b.timeZone,
        socialLinks: storedLinks(b.socialLinks),
      });
    },
  );

  app.put(
    BUSINESS_INFO_API.companyName,
    {
      schema: {
        tags,
        summary: "Rename the caller's business",
        body: companyNameSchema,
        response: { 200: ok(businessSchema.omit({ status: true })), ...errorResponses },
      },
      config: { access: { roles: BUSINESS_ROLES.filter((r) => r !== 'VENUEEMPLOYEE'), tenant: true } },
    },
    async (request) => {
      const business = await renameBusiness(db, businessOf(request), request.body.companyName, app.ctx.now());
      if (!business) throw notFound();
      return { result: business };
    },
  );

  app.put(
    BUSINESS_INFO_API.branding,
    {
      schema: { tags, summary: 'Set my business colours (#RRGGBB)', body: brandingSchema, response: infoResponse },
      config: FLEET,
    },
    async (request) => write(request, request.body),
  );

  app.get(
    BUSINESS_INFO_API.address,
    {
      schema: { tags, summary: "My business's address", response: { 200: ok(addressOut), ...errorResponses } },
      config: FLEET,
    },
    async (request) => {
      const row = await businessById(db, businessOf(request));
      if (!row) throw notFound();
      return { result: toBusinessInfo(row).address };
    },
  );

  app.put(
    BUSINESS_INFO_API.address,
    {
      schema: {
        tags,
        summary: "Set my business's address (street, city, state, zipCode, country)",
        body: addressSchema,
        response: infoResponse,
      },
      config: FLEET,
    },
    async (request) => write(request, storedAddress(request.body)),
  );

  app.get(
    BUSINESS_INFO_API.socialLinks,
    {
      schema: {
        tags,
        summary: "My business's social links",
        response: { 200: ok(socialLinksOut), ...errorResponses },
      },
      config: FLEET,
    },
    async (request) => {
      const row = await businessById(db, businessOf(request));
      if (!row) throw notFound();
      return { result: socialLinksOf(row) };
    },
  );

  app.put(
    BUSINESS_INFO_API.socialLinks,
    {
      schema: {
        tags,
        summary: 'Set my business social links (facebook, instagram, x, linkedin; an empty one is removed)',
        body: socialLinksSchema,
        response: infoResponse,
      },
      config: FLEET,
    },
    async (request) => write(request, { socialLinks: storedLinks(request.body) }),
  );
};
export default businessInfoRoutes;
