import type { Role } from '../../src/domain/roles';

/** The demo accounts (exact values other checks rely on). One per role, one password. */
export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  company: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@demo.test', role: 'ADMIN', firstName: 'Ada', lastName: 'Admin', company: null },
  { email: 'it@demo.test', role: 'IT', firstName: 'Ian', lastName: 'Tech', company: 'Helpdesk Heroes' },
  { email: 'mover@demo.test', role: 'MOVER', firstName: 'Maya', lastName: 'Mover', company: 'Swift Movers' },
  { email: 'trucker@demo.test', role: 'TRUCKER', firstName: 'Tom', lastName: 'Fleet', company: 'Roadline Logistics' },
  { email: 'clubowner@demo.test', role: 'CLUBOWNER', firstName: 'Carla', lastName: 'Owner', company: 'Blue Note Club' },
  {
    email: 'venueemployee@demo.test',
    role: 'VENUEEMPLOYEE',
    firstName: 'Victor',
    lastName: 'Staff',
    // Works for the club owner's business.
    company: 'Blue Note Club',
  },
  { email: 'user@demo.test', role: 'USER', firstName: 'Uma', lastName: 'User', company: 'Bright Studio' },
];
