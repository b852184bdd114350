import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { userInfo } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * A real PostgreSQL (Debian's postgresql package) for tests and benches: its own cluster in a temporary
 * folder, on a loopback port, no system service. initdb refuses root, so under root the cluster runs
 * as the `postgres` system user (runuser) in a folder that user owns.
 */
const BIN = process.env.POSTGRES_BIN || newestPostgresBin()

/** Debian installs each major version under /usr/lib/postgresql/<version>/bin, off the PATH. */
function newestPostgresBin(): string {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : []
  return versions[0] ? `/usr/lib/postgresql/${versions[0]}/bin` : '/usr/lib/postgresql/15/bin'
}

export interface Postgres {
  url: string
  port: number
  /** A fresh database on this cluster: its own connection string. */
  database(name: string): Promise<string>
  /** Stops the server (fast: open connections are cut), keeping the data. */
  stop(): void
  start(): void
  /** Stops the server and removes its folder. */
  destroy(): void
}

const asRoot = userInfo().uid === 0

function run(command: string, args: string[]) {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

export async function startPostgres(port: number): Promise<Postgres> {
  const dir = mkdtempSync(path.join('/tmp', 'site-pg-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const data = path.join(dir, 'pg')
  run(path.join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'app', '--no-sync'])
  const start = () => {
    run(path.join(BIN, 'pg_ctl'), ['-D', data, '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`, '-l', path.join(dir, 'log'), 'start'])
  }
  const stop = () => {
    try {
      run(path.join(BIN, 'pg_ctl'), ['-D', data, '-w', '-m', 'fast', 'stop'])
    } catch {
      // Already stopped.
    }
  }
  start()
  const url = `postgresql://app@127.0.0.1:${port}/postgres`
  return {
    url,
    port,
    async database(name) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
        await client.query(`CREATE DATABASE "${name}"`)
      } finally {
        await client.end()
      }
      return `postgresql://app@127.0.0.1:${port}/${name}`
    },
    stop,
    start,
    destroy() {
      stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
