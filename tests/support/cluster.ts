import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The reference topology's real parts on loopback, for tests and benches: redis-server, nginx with
 * deploy/nginx.conf terminating TLS (a certificate made by openssl), and copies of a build.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')

export interface Process {
  pid: number | undefined
  stop(signal?: NodeJS.Signals): Promise<void>
}

function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve()
      })
      socket.once('error', () => {
        socket.destroy()
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${port}`))
        else setTimeout(attempt, 100)
      })
    }
    attempt()
  })
}

function managed(child: ChildProcess, output: string[]): Process {
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')))
  return {
    pid: child.pid,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}

/** A throwaway Redis: no persistence, bounded memory, only entries with a TTL evicted. */
export async function startRedis(port: number, maxMemory = '64mb'): Promise<Process> {
  const output: string[] = []
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', maxMemory, '--maxmemory-policy', 'volatile-lru'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const process = managed(child, output)
  await waitForPort(port).catch((error: Error) => {
    throw new Error(`${error.message}: ${output.join('')}`)
  })
  return process
}

/** `redis-cli -p PORT <args>`: for reading what the cache holds. */
export function redisCli(port: number, ...args: string[]): string {
  return spawnSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).stdout.trim()
}

export interface Nginx extends Process {
  url: string
  ca: Buffer
  dir: string
}

/** nginx from deploy/nginx.conf: HTTPS on `port`, balancing the given loopback ports. */
export async function startNginx(port: number, upstreamPorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-nginx-'))
  // nginx's workers (an unprivileged user) write the page cache under this folder.
  chmodSync(dir, 0o755)
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, name))
  const cert = path.join(dir, 'cert.pem')
  const key = path.join(dir, 'key.pem')
  const openssl = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
    { encoding: 'utf8' },
  )
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`)
  const config = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', dir)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
    .replaceAll('{{CERT}}', cert)
    .replaceAll('{{KEY}}', key)
    .replaceAll('{{UPSTREAM_SERVERS}}', upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`).join('\n'))
  writeFileSync(path.join(dir, 'nginx.conf'), config)
  const output: string[] = []
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
  const process = managed(child, output)
  await waitForPort(port).catch((error: Error) => {
    throw new Error(`${error.message}: ${output.join('')} ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`)
  })
  return {
    ...process,
    url: `https://localhost:${port}`,
    ca: readFileSync(cert),
    dir,
    stop: async (signal) => {
      await process.stop(signal)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** An HTTPS request trusting only the test's certificate (fetch has no per-call CA). */
export function httpsRequest(url: string, ca: Buffer, init: { method?: string; headers?: Record<string, string>; body?: string; agent?: https.Agent } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method: init.method ?? 'GET', headers: init.headers, ca, agent: init.agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }))
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end(init.body)
  })
}

/**
 * A second instance's folder: the same build (same build ID, as a deploy copies it to every
 * machine) without the first one's disk cache.
 */
export function copyBuild(fromDistDir: string, toDistDir: string) {
  const from = path.join(ROOT, 'web', fromDistDir)
  const to = path.join(ROOT, 'web', toDistDir)
  rmSync(to, { recursive: true, force: true })
  cpSync(from, to, { recursive: true, filter: (source) => !source.startsWith(path.join(from, 'cache')) })
}
