// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO_NOTIFICATIONS } from '../../server/seed/notifications-demo';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts';
import { builtRouteFor } from '../../src/custom/routes/built-pages';
import { canAccessPath } from '../../src/custom/route-access';
import { PRIVILEGE_KEYS } from '../../src/domain/team';
import { ROUTE_RULES } from '../../src/domain/access';

/**
 * A demo notification that sends its reader somewhere must send them to a screen that is built
 * today and that their role may open: the demo never promises a page still 'not built yet'.
 */
/** A notification as the failures name it. */
const label = (n: (typeof DEMO_NOTIFICATIONS)[number]) => ('notice' in n.text ? n.text.notice : n.text.title);

describe('seeded demo notifications', () => {
  it('link only to built screens their recipient may open', () => {
    const linked = DEMO_NOTIFICATIONS.filter((n) => n.link !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const n of linked) {
      const link = n.link!;
      expect(builtRouteFor(link), `${label(n)}: ${link} is a built screen`).not.toBeNull();
      const role = DEMO_ACCOUNTS.find((a) => a.email === n.email)?.role;
      expect(role, `${label(n)}: ${n.email} is a demo account`).toBeDefined();
      expect(canAccessPath(role!, link, PRIVILEGE_KEYS), `${label(n)}: ${role} may open ${link}`).toBe(true);
    }
  });

  it('name their screen in the text when they have one, and only an announcement goes to everyone', () => {
    for (const n of DEMO_NOTIFICATIONS) {
      if (n.email === null) expect(n.type, label(n)).toBe('announcement');
      else expect(n.link, `${label(n)} sends its reader somewhere`).not.toBeNull();
    }
  });
});

describe('builtRouteFor', () => {
  it('finds areas’ pages and declared resources’ screens, with ids filled in', () => {
    expect(builtRouteFor('/profile')).toBe('profile');
    expect(builtRouteFor('/')).toBe('');
    expect(builtRouteFor('/contact_management/0b7c6f1e-2f7a-4a53-9d55-2a6a9a0a1b2c')).toBe('contact_management/:id');
    expect(builtRouteFor('/settings/webhooks/abc')).toBe('settings/webhooks/:webhookId');
    expect(builtRouteFor('/form_builder/intake/edit')).toBe('form_builder/:slug/edit');
    expect(builtRouteFor('/facebook_ads')).toBe('facebook_ads');
  });

  it('is null for a path the app does not have', () => {
    expect(builtRouteFor('/no_such_page')).toBeNull();
  });

  it("finds a screen for every route of the brief's matrix: none is left 'not built yet' (facebook_ads was the last)", () => {
    const concrete = (path: string) => `/${path.replace(/:[^/]+/g, '7')}`;
    const unbuilt = ROUTE_RULES.map((rule) => rule.path).filter((path) => builtRouteFor(concrete(path)) === null);
    expect(unbuilt).toEqual([]);
  });
});
