// Storage growth for 3,000 distinct ad keywords (and 1,000 unknown addresses with an extension),
// before and after, in one run: Next's own cache (SITE_CACHE=next: files under the build folder,
// no bound), the local cache (memory, SITE_CACHE_MAX_MB, default 64), and Redis (REDIS_URL, with
// maxmemory 64mb and volatile-lru as in the README). Each mode serves its own copy of the build.
// Needs redis-server. Usage: npm run build && npm run bench:storage   (KEYWORDS=3000 MISSES=1000)
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { copyBuild, redisCli, startRedis } from '../tests/support/cluster.ts'
import { startSite } from '../tests/e2e/nextServer.ts'
import { rssMiB } from './rss.ts'

const KEYWORDS = Number(process.env.KEYWORDS || 3000)
const MISSES = Number(process.env.MISSES || 1000)
const PORT = 3261
const REDIS_PORT = 6396
const DIST = '.next-storage'
const MiB = 1024 * 1024

function diskMiB(): number {
  return Number(execFileSync('du', ['-sb', path.resolve('web', DIST)], { encoding: 'utf8' }).split('\t')[0]) / MiB
}
function redisMiB(): number {
  return Number(/used_memory:(\d+)/.exec(redisCli(REDIS_PORT, 'info', 'memory'))?.[1] ?? NaN) / MiB
}

async function hammer(url: (index: number) => string, count: number) {
  let next = 0
  let failures = 0
  const worker = async () => {
    while (next < count) {
      const response = await fetch(url(next++))
      await response.arrayBuffer()
      if (response.status >= 500) failures++
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker))
  return failures
}

const modes: { name: string; env: Record<string, string> }[] = [
  { name: "before: Next's own cache", env: { SITE_CACHE: 'next' } },
  { name: 'local cache (64 MB cap)', env: {} },
  { name: 'Redis (maxmemory 64mb)', env: { REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}` } },
]
const rows = []
// MODES=local,redis runs only those (by the first word of their names, lower-cased).
const only = process.env.MODES?.split(',')
for (const mode of modes.filter((each) => !only || only.some((name) => each.name.toLowerCase().includes(name)))) {
  copyBuild('.next', DIST)
  const redis = mode.env.REDIS_URL ? await startRedis(REDIS_PORT, '64mb') : null
  const site = await startSite(PORT, { ...mode.env, NEXT_DIST_DIR: DIST })
  try {
    await fetch(`${site.url}/?kw=warm+up&loc_physical_ms=1026339`)
    const before = { disk: diskMiB(), rss: rssMiB(site.pid), redis: redis ? redisMiB() : 0 }
    const started = performance.now()
    const keyword = (offset: number) => (index: number) => `${site.url}/?kw=storage+keyword+${offset + index}&loc_physical_ms=1026339`
    const half = Math.floor(KEYWORDS / 2)
    let failures = await hammer(keyword(0), half)
    const rssAtHalf = rssMiB(site.pid)
    failures += (await hammer(keyword(half), KEYWORDS - half)) + (await hammer((index) => `${site.url}/x-${index}.html`, MISSES))
    const seconds = (performance.now() - started) / 1000
    rows.push({
      mode: mode.name,
      'disk +MiB': (diskMiB() - before.disk).toFixed(1),
      // A bounded cache stops growing: compare the second half of the keywords with the first.
      'RSS +MiB 1st half': (rssAtHalf - before.rss).toFixed(0),
      'RSS +MiB 2nd half + misses': (rssMiB(site.pid) - rssAtHalf).toFixed(0),
      'Redis +MiB': redis ? (redisMiB() - before.redis).toFixed(1) : '',
      'Redis keys': redis ? redisCli(REDIS_PORT, 'dbsize') : '',
      seconds: seconds.toFixed(0),
      '5xx': failures,
    })
  } finally {
    await site.stop()
    await redis?.stop()
  }
}
console.log(`${KEYWORDS} distinct keywords on / (each a variant) then ${MISSES} unknown addresses /x-N.html, 8 at a time, one instance`)
console.table(rows)
