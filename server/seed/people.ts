/**
 * Deterministic fake people and companies for demo data and the 100,000-user benchmark:
 * the same seed gives the same rows, so screenshots and figures are repeatable.
 */
const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Lucas',
  'Sofia',
  'Ethan',
  'Isabella',
  'Mason',
  'Olivia',
  'Logan',
  'Amelia',
  'Elijah',
  'Harper',
  'James',
  'Evelyn',
  'Benjamin',
  'Aria',
  'Henry',
  'Chloe',
  'Daniel',
  'Layla',
  'Mateo',
  'Zoe',
  'Samuel',
  'Nora',
  'David',
  'Lily',
  'Carlos',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'King',
];
const COMPANY_A = [
  'Blue',
  'Bright',
  'North',
  'Silver',
  'Urban',
  'Summit',
  'Harbor',
  'Golden',
  'Prime',
  'Swift',
  'Cedar',
  'Metro',
];
const COMPANY_B = [
  'Logistics',
  'Studio',
  'Events',
  'Movers',
  'Tech',
  'Hospitality',
  'Consulting',
  'Lounge',
  'Freight',
  'Labs',
  'Partners',
  'Works',
];

/** mulberry32: a tiny seeded PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

export interface FakePerson {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Person number `i` (unique email per i). */
export function person(rnd: () => number, i: number): FakePerson {
  const firstName = pick(rnd, FIRST);
  const lastName = pick(rnd, LAST);
  const digits = String(1_000_000 + Math.floor(rnd() * 8_999_999));
  // Stored as every phone is (E.164, src/domain/phone.ts): a real US area code (2-9, not N11),
  // then the 555 exchange kept for made-up numbers.
  const area = `${2 + (Number(digits[0]) % 8)}${digits.slice(1, 3)}`.replace(/11$/, '10');
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase(),
    phone: `+1${area}555${digits.slice(3, 7)}`,
  };
}

/** Company number `i`: unique for every i (a number is appended after the 144 combinations). */
export function companyName(i: number): string {
  const combos = COMPANY_A.length * COMPANY_B.length;
  const base = `${COMPANY_A[i % COMPANY_A.length]} ${COMPANY_B[Math.floor(i / COMPANY_A.length) % COMPANY_B.length]}`;
  return i >= combos ? `${base} ${Math.floor(i / combos) + 1}` : base;
}
