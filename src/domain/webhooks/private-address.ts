/**
 * Whether an IP address is one a webhook must not be sent to: anything that is not an
 * ordinary public unicast address (loopback, private, link-local, CGNAT, multicast, reserved,
 * documentation, unspecified), including the IPv6 forms that carry such an IPv4 address
 * (IPv4-mapped, IPv4-compatible, NAT64, 6to4). Pure, so it is tested on its own; the server
 * checks every address a webhook host resolves to with it, at save time and at send time.
 *
 * Input is an address as DNS answers it or as a URL's host gives it: dotted-quad IPv4 or IPv6
 * (with or without brackets or a zone). Anything that does not parse counts as private: the
 * check fails closed.
 */

/** IPv4 ranges that are not public: [first octets as a 32-bit number, prefix length]. */
const PRIVATE_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared address space)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/** A dotted-quad IPv4 address as a 32-bit unsigned number, or null. Only the canonical form. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

const V4_RANGES = PRIVATE_V4.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (parseIPv4(base)! & mask) >>> 0, mask };
});

function isPrivateV4(value: number): boolean {
  return V4_RANGES.some(({ base, mask }) => (value & mask) >>> 0 === base);
}

/** An IPv6 address as 8 16-bit groups, or null. Accepts `::`, an embedded IPv4 tail and a zone. */
export function parseIPv6(text: string): number[] | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  // An IPv4 tail (::ffff:1.2.3.4) stands for the last two groups: rewrite it as them.
  const lastColon = s.lastIndexOf(':');
  if (s.slice(lastColon + 1).includes('.')) {
    const v4 = parseIPv4(s.slice(lastColon + 1));
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const valid = (g: string) => /^[0-9a-fA-F]{1,4}$/.test(g);
  if (![...head, ...rest].every(valid)) return null;
  const explicit = head.length + rest.length;
  // Without "::" there must be 8 groups; with it, "::" stands for at least one zero group.
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const zeros = new Array<string>(8 - explicit).fill('0');
  return [...head, ...zeros, ...rest].map((g) => parseInt(g, 16));
}

function isPrivateV6(g: number[]): boolean {
  const v4At = (i: number) => ((g[i]! << 16) >>> 0) + g[i + 1]!;
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::/96: unspecified ::, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d, never a
  // real destination.
  if (zeroUpTo(6)) return true;
  // IPv4-mapped ::ffff:a.b.c.d and IPv4-translated ::ffff:0:a.b.c.d: the IPv4 address decides.
  if (zeroUpTo(5) && g[5] === 0xffff) return isPrivateV4(v4At(6));
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return isPrivateV4(v4At(6));
  // NAT64 64:ff9b::a.b.c.d (well-known prefix) carries an IPv4 address; 64:ff9b:1::/48 is local-use.
  if (g[0] === 0x64 && g[1] === 0xff9b) return g[2] === 1 || isPrivateV4(v4At(6));
  // 6to4 2002:a.b.c.d::/16 embeds the IPv4 address in groups 1-2.
  if (g[0] === 0x2002) return isPrivateV4(v4At(1));
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((first & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  if (first === 0x2001 && g[1] === 0x0db8) return true; // 2001:db8::/32 documentation
  if (first === 0x3fff && g[1]! <= 0x0fff) return true; // 3fff::/20 documentation
  if (first === 0x2001 && g[1] === 0) return true; // 2001::/32 Teredo (tunnels to an arbitrary IPv4)
  if (first === 0x0100 && zeroUpTo(4)) return true; // 100::/64 discard-only
  return first < 0x2000 || first > 0x3fff; // outside 2000::/3 nothing is global unicast
}

/** True unless `ip` is a public unicast address (IPv4 or IPv6); true for text that is not an address. */
export function isPrivateAddress(ip: string): boolean {
  const text = ip.trim();
  const v4 = parseIPv4(text);
  if (v4 !== null) return isPrivateV4(v4);
  const v6 = parseIPv6(text);
  return v6 === null ? true : isPrivateV6(v6);
}
