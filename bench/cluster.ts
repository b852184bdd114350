// The reference topology under load, in one run: nginx (deploy/nginx.conf, TLS) in front of one and
// then two instances of `npm start` sharing one Redis, beside nginx serving the same HTML bytes
// itself over the same TLS. Cached pages (served from the front's page cache or Next's ISR cache)
// and fresh variants (a new keyword on every request: each one rendered once, then shared).
// Needs nginx-light, redis-server, openssl. Usage: npm run build && npm run bench:cluster
// DURATION=10 seconds per case, CONNECTIONS=10. On loopback, both instances share the machine's cores.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { copyBuild, httpsRequest, startNginx, startRedis } from '../tests/support/cluster.ts'
import { startSite } from '../tests/e2e/nextServer.ts'

const duration = Number(process.env.DURATION || 10)
const connections = Number(process.env.CONNECTIONS || 10)
const REDIS_PORT = 6395
const PORTS = [3251, 3252]
const [ONE, TWO, STATIC] = [3461, 3462, 3463]
const CACHED = '/?kw=wasp+removal+near+me&loc_physical_ms=1026339'

copyBuild('.next', '.next-bench-b')
const redis = await startRedis(REDIS_PORT)
const env = (distDir: string) => ({ REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, TRUSTED_PROXIES: '127.0.0.1', NEXT_DIST_DIR: distDir })
const sites = [await startSite(PORTS[0]!, env('.next')), await startSite(PORTS[1]!, env('.next-bench-b'))]
const one = await startNginx(ONE, [PORTS[0]!])
const two = await startNginx(TWO, PORTS)

// nginx serving the cached page's bytes itself, same TLS certificate and settings.
const htmlDir = path.join(one.dir, 'static')
mkdirSync(htmlDir)
// nginx's workers (nobody, when started as root) must read it.
chmodSync(one.dir, 0o755)
writeFileSync(path.join(htmlDir, 'page.html'), (await httpsRequest(one.url + CACHED, one.ca)).body)
writeFileSync(
  path.join(one.dir, 'static.conf'),
  `worker_processes 1; pid ${one.dir}/static.pid; error_log ${one.dir}/static-error.log;
events { worker_connections 1024; }
http { access_log off; default_type text/html; sendfile on; client_body_temp_path ${one.dir}/client_body; proxy_temp_path ${one.dir}/proxy;
  fastcgi_temp_path ${one.dir}/fastcgi; uwsgi_temp_path ${one.dir}/uwsgi; scgi_temp_path ${one.dir}/scgi;
  server { listen 127.0.0.1:${STATIC} ssl; ssl_certificate ${one.dir}/cert.pem; ssl_certificate_key ${one.dir}/key.pem;
    root ${htmlDir}; location / { try_files $uri =404; } } }\n`,
)
const staticNginx = spawn('nginx', ['-p', one.dir, '-c', path.join(one.dir, 'static.conf'), '-g', 'daemon off;'], { stdio: 'ignore' })
await new Promise((resolve) => setTimeout(resolve, 500))

let fresh = 0
// Letters, not digits: a run of 7+ digits in a keyword is dropped as a phone number (keyword.ts).
const letters = (digits: string) => [...digits].map((digit) => 'abcdefghij'[Number(digit)]).join('')
async function load(base: string, kind: 'cached' | 'fresh' | 'static') {
  const url = kind === 'static' ? `${base}/page.html` : base + CACHED
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: kind === 'fresh' ? [{ setupRequest: (request) => ({ ...request, path: `/?kw=fresh+variant+${letters(`${Date.now()}${++fresh}`)}&loc_physical_ms=1026339` }) }] : undefined,
  })
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.non2xx + result.errors }
}

try {
  await httpsRequest(two.url + CACHED, two.ca)
  const rows = []
  for (const kind of ['cached', 'fresh'] as const) {
    const single = await load(one.url, kind)
    const pair = await load(two.url, kind)
    rows.push({
      page: kind === 'cached' ? 'cached variant' : 'fresh variant (new keyword each request)',
      '1 instance req/s': single.rps,
      '1 instance p99 ms': single.p99,
      '2 instances req/s': pair.rps,
      '2 instances p99 ms': pair.p99,
      errors: single.errors + pair.errors,
    })
  }
  const plain = await load(`https://localhost:${STATIC}`, 'static')
  rows.push({ page: 'nginx serving the same bytes', '1 instance req/s': plain.rps, '1 instance p99 ms': plain.p99, '2 instances req/s': '', '2 instances p99 ms': '', errors: plain.errors })
  console.log(`Through nginx (TLS, deploy/nginx.conf), ${connections} connections × ${duration} s each, loopback, ${PORTS.length} instances on one Redis`)
  console.table(rows)
} finally {
  staticNginx.kill('SIGTERM')
  await Promise.all([one.stop(), two.stop()])
  await Promise.all(sites.map((site) => site.stop()))
  await redis.stop()
}
