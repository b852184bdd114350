import { execFileSync } from 'node:child_process'
import net from 'node:net'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A real PostgreSQL 15 for a test: its own cluster in a temporary folder, on a loopback port, started as the
 * `postgres` user (initdb refuses root), never a system service. `url` connects as the trusted user `app`.
 */
export interface PostgresServer {
  url: string
  stop(): void
}

const BIN = '/usr/lib/postgresql/15/bin'

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export function startPostgres(port: number): PostgresServer {
  const folder = mkdtempSync(path.join(tmpdir(), 'pg-'))
  chmodSync(folder, 0o777)
  const data = path.join(folder, 'pg')
  const as = (command: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, command), ...args], { stdio: 'pipe' })
  as('initdb', ['-D', data, '-A', 'trust', '-U', 'app'])
  as('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', path.join(folder, 'log'), '-w', 'start'])
  return {
    url: `postgresql://app@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop'])
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  }
}
