// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { GuardDecision } from '../../src/domain/guards';
import { mainLayoutGuard } from '../../src/custom/route-access';
import type { Role } from '../../src/domain/roles';
import type { UserData } from '../../src/domain/user';
import { asRole, userData } from './helpers/fixtures';

const pass: GuardDecision = { kind: 'pass' };
const to = (path: string) => ({ kind: 'redirect', to: path });
const guard = (user: UserData | null, pathname = '/profile', twoFactorValidated = false) =>
  mainLayoutGuard({ user, pathname, twoFactorValidated });

const incomplete = { isProfileCompleted: false, detailsSubmited: false, isVerified: false };

describe('mainLayoutGuard (product brief section 2, route guards)', () => {
  it('sends a visitor without a user to /login', () => {
    expect(guard(null)).toEqual(to('/login'));
  });

  it.each<Role>(['ADMIN', 'VENUEEMPLOYEE', 'TRUCKER', 'IT'])(
    'lets the allowed role %s in without profile checks',
    (role) => {
      expect(guard(asRole(role, incomplete))).toEqual(pass);
    },
  );

  describe.each<Role>(['MOVER', 'USER', 'CLUBOWNER'])('checked role %s', (role) => {
    it('passes with a completed, submitted and verified profile', () => {
      expect(guard(asRole(role))).toEqual(pass);
    });
    it.each([['isProfileCompleted'], ['detailsSubmited'], ['isVerified']] as const)(
      'goes to /register when %s is false',
      (flag) => {
        expect(guard(asRole(role, { [flag]: false }))).toEqual(to('/register'));
      },
    );
  });

  it('sends a two-factor user to /verify until the valid cookie exists', () => {
    const user = userData({ settings: { twoFactor: true } });
    expect(guard(user, '/profile', false)).toEqual(to('/verify'));
    expect(guard(user, '/profile', true)).toEqual(pass);
    expect(guard(userData({ settings: { twoFactor: false } }), '/profile', false)).toEqual(pass);
  });

  describe('subscription rule, when a subscription is required', () => {
    const sub = (freeTrial: number, subscriptionActive: boolean) =>
      guard(userData({ shouldHaveSubscription: true, freeTrial, subscriptionActive }), '/');
    it('passes with no trial left and an active subscription', () => expect(sub(0, true)).toEqual(pass));
    it('goes to /checkout with no trial left and no subscription', () =>
      expect(sub(0, false)).toEqual(to('/checkout')));
    it('passes during the trial without a subscription', () => expect(sub(5, false)).toEqual(pass));
    it('goes to /checkout during the trial with an active subscription', () =>
      expect(sub(5, true)).toEqual(to('/checkout')));
    it('does not apply when no subscription is required', () => {
      expect(guard(userData({ shouldHaveSubscription: false, freeTrial: 0, subscriptionActive: false }), '/')).toEqual(
        pass,
      );
    });
    it('still lets the user reach checkout to fix it', () => {
      const user = userData({ shouldHaveSubscription: true, freeTrial: 0, subscriptionActive: false });
      expect(guard(user, '/checkout')).toEqual(pass);
      expect(guard(user, '/settings')).toEqual(pass);
    });
  });

  it('answers /dashboards (the role home) for a path the role may not open', () => {
    expect(guard(asRole('USER'), '/user_management')).toEqual(to('/dashboards'));
    expect(guard(asRole('ADMIN'), '/stripe_connect')).toEqual(to('/dashboards'));
    expect(guard(asRole('ADMIN'), '/no_such_page')).toEqual(to('/dashboards'));
  });
});
