/**
 * p50/p99 latency under 50 concurrent connections (autocannon) for login, a paged list of the
 * caller's own rows (the access log) and the administrators' users list (a declared resource,
 * answered through its generated response schema).
 */
import autocannon from 'autocannon';

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: Number(process.env.BENCH_SECONDS ?? 10), ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

export async function measureLatency(baseUrl, { email, password }) {
  const login = await run({
    url: `${baseUrl}/api/user/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const res = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get('authorization');
  // The login run above left thousands of rows in the access log: page 2 of it is a real paged query.
  const list = await run({ url: `${baseUrl}/api/User/logs?page=2&perPage=20`, headers: { authorization: token } });
  const users = await run({
    url: `${baseUrl}/api/AdminAccount/users?page=1&perPage=20`,
    headers: { authorization: token },
  });
  const row = (name, r) => ({
    call: name,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
  });
  return [
    row('POST /api/user/login', login),
    row('GET /api/User/logs?page=2&perPage=20', list),
    row('GET /api/AdminAccount/users?page=1&perPage=20', users),
  ];
}
