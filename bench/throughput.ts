// Throughput of cached pages on loopback, in the same run: the site's production server (`npm start`:
// the page cache in front of Next), plain `next start`, and nginx serving the same HTML bytes.
// Also the servers' memory before and after.
// Needs nginx (apt-get install -y nginx-light). Usage: npm run build && npm run bench:throughput
// DURATION=10 seconds per case, CONNECTIONS=10.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startSite } from '../tests/e2e/nextServer.ts'
import { rssMiB } from './rss.ts'

const duration = Number(process.env.DURATION || 10)
const connections = Number(process.env.CONNECTIONS || 10)
const NGINX_PORT = 3202
const cases = [
  { name: '/', path: '/' },
  { name: '/ants', path: '/ants' },
  { name: 'personalized (cached)', path: '/?kw=wasp+removal+near+me&loc_physical_ms=1026339' },
]


async function load(url: string) {
  const result = await autocannon({ url, connections, duration })
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors }
}

const site = await startSite(3201)
const plainNext = await startSite(3203, {}, 'next')
const root = mkdtempSync(path.join(tmpdir(), 'bench-nginx-'))
const htmlDir = path.join(root, 'html')
mkdirSync(htmlDir)
for (const [index, entry] of cases.entries()) {
  await fetch(site.url + entry.path)
  writeFileSync(path.join(htmlDir, `${index}.html`), Buffer.from(await (await fetch(site.url + entry.path)).arrayBuffer()))
}
writeFileSync(
  path.join(root, 'nginx.conf'),
  `daemon off; worker_processes 1; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http { access_log off; default_type text/html; sendfile on; tcp_nopush on; keepalive_requests 100000;
  client_body_temp_path ${root}; proxy_temp_path ${root}; fastcgi_temp_path ${root}; uwsgi_temp_path ${root}; scgi_temp_path ${root};
  server { listen 127.0.0.1:${NGINX_PORT}; root ${htmlDir}; location / { try_files $uri =404; } } }\n`,
)
const nginx = spawn('nginx', ['-c', path.join(root, 'nginx.conf')], { stdio: 'ignore' })
await new Promise((resolve) => setTimeout(resolve, 500))

try {
  await fetch(plainNext.url + cases[2]!.path)
  const rssBefore = { site: rssMiB(site.pid), next: rssMiB(plainNext.pid) }
  const rows = []
  for (const [index, entry] of cases.entries()) {
    const served = await load(site.url + entry.path)
    const next = await load(plainNext.url + entry.path)
    const plain = await load(`http://127.0.0.1:${NGINX_PORT}/${index}.html`)
    rows.push({
      page: entry.name,
      'html KiB': (readFileSync(path.join(htmlDir, `${index}.html`)).length / 1024).toFixed(1),
      'site req/s': served.rps,
      'site p50/p99 ms': `${served.p50}/${served.p99}`,
      'next start req/s': next.rps,
      'nginx req/s': plain.rps,
      'nginx p50/p99 ms': `${plain.p50}/${plain.p99}`,
      'site/nginx': (served.rps / plain.rps).toFixed(2),
      'next start/nginx': (next.rps / plain.rps).toFixed(2),
      errors: served.errors + next.errors + plain.errors,
    })
  }
  console.log(`Cached pages, ${connections} connections × ${duration} s each, loopback, same bytes`)
  console.table(rows)
  console.log(`site RSS: ${rssBefore.site.toFixed(0)} MiB before, ${rssMiB(site.pid).toFixed(0)} MiB after`)
  console.log(`next start RSS: ${rssBefore.next.toFixed(0)} MiB before, ${rssMiB(plainNext.pid).toFixed(0)} MiB after`)
} finally {
  nginx.kill('SIGTERM')
  await Promise.all([site.stop(), plainNext.stop()])
}
