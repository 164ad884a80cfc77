/**
 * The API's everyday mix under N concurrent clients (50 by default): each client signs in, reads
 * its profile, creates, reads, updates and lists contacts, reads its unread notifications, reads
 * the administrators' users list (administrators) or its notifications page (club owners), deletes
 * the contact, and starts again. Half the clients are the demo administrator, half the demo club
 * owner. Every call started in the recorded window is waited for and its latency kept, so p50/p99
 * are exact for the run, overall and per call (no call is started after the window).
 * Only paths that exist unchanged since the first builds are used, so an old build can be measured
 * with the same mix (mix-compare.mjs).
 */
const PASSWORD = 'Demo1234!';
const ACCOUNTS = ['admin@demo.test', 'clubowner@demo.test'];
const CONTACTS = '/api/crmmanagement/contacts';

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const STOP = Symbol('stop');

/** One client's loop until `until` (ms, performance.now()); `record` keeps what started in the window. */
async function client(baseUrl, index, until, record, failures) {
  const email = ACCOUNTS[index % ACCOUNTS.length];
  const admin = email.startsWith('admin');
  let n = 0;
  const call = async (name, path, { method = 'GET', token, body } = {}) => {
    const started = performance.now();
    if (started > until) throw STOP;
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(token ? { authorization: token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const ms = performance.now() - started;
    if (!res.ok) {
      failures.push(`${name} ${res.status} ${text.slice(0, 120)}`);
      throw new Error(`${name} answered ${res.status}`);
    }
    record(name, started, ms);
    return { res, json: text ? JSON.parse(text) : null };
  };
  while (performance.now() < until) {
    try {
      const login = await call('sign-in', '/api/user/login', {
        method: 'POST',
        body: { email, password: PASSWORD },
      });
      const token = login.res.headers.get('authorization');
      await call('profile', '/api/User/profile', { token });
      const created = await call('contact create', CONTACTS, {
        method: 'POST',
        token,
        body: { fullName: `Mix Client ${index}-${n++}`, email: `mix${index}@bench.test`, status: 'lead' },
      });
      const id = created.json.result.id;
      await call('contact read', `${CONTACTS}/${id}`, { token });
      await call('contact update', `${CONTACTS}/${id}`, { method: 'PATCH', token, body: { status: 'customer' } });
      await call('contacts list', `${CONTACTS}?page=1&perPage=20`, { token });
      await call('unread notifications', '/api/Notification/latest_notifications', { token });
      if (admin) await call('users list', '/api/AdminAccount/users?page=1&perPage=20', { token });
      else await call('notifications page', '/api/Notification/notifications?page=1&perPage=10', { token });
      await call('contact delete', `${CONTACTS}/${id}`, { method: 'DELETE', token });
    } catch (error) {
      if (error === STOP) return;
      // counted in failures; the client starts its loop again
    }
  }
}

/**
 * Runs the mix: `warmupSeconds` unrecorded, then `seconds` recorded. Returns overall and per-call
 * figures (ms).
 */
export async function runMix(baseUrl, { clients = 50, seconds = 20, warmupSeconds = 3 } = {}) {
  const started = performance.now();
  const recordFrom = started + warmupSeconds * 1000;
  const until = recordFrom + seconds * 1000;
  const samples = new Map();
  const failures = [];
  let calls = 0;
  const record = (name, started, ms) => {
    calls++;
    if (started < recordFrom) return;
    if (!samples.has(name)) samples.set(name, []);
    samples.get(name).push(ms);
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(baseUrl, i, until, record, failures)));
  const all = [...samples.values()].flat().sort((a, b) => a - b);
  const perCall = {};
  for (const [name, list] of samples) {
    list.sort((a, b) => a - b);
    perCall[name] = { n: list.length, p50: percentile(list, 50), p99: percentile(list, 99) };
  }
  return {
    /** Every call answered, warm-up included (for CPU per call). */
    calls,
    requests: all.length,
    failures: failures.length,
    firstFailures: failures.slice(0, 3),
    rps: all.length / seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: all[all.length - 1],
    all,
    perCall,
  };
}
