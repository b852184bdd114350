import { spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A real shared HTTP cache for tests: Debian's Varnish (`varnishd`, installed by .ci/run) in the
 * foreground on a loopback port, in front of one backend, with Varnish's built-in VCL only — it honours
 * Cache-Control and Vary, passes requests that carry a Cookie, and never stores an answer that sets one.
 * With `shippedVcl`, it runs deploy/varnish.vcl as shipped, its only templating step filling in
 * {{BACKEND_HOST}} and {{BACKEND_PORT}}.
 */
const SHIPPED_VCL = path.resolve(import.meta.dirname, '../../deploy/varnish.vcl')

export interface Varnish {
  url: string
  stop(): Promise<void>
}

export async function startVarnish(port: number, backendPort: number, { shippedVcl = false }: { shippedVcl?: boolean } = {}): Promise<Varnish> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'varnish-'))
  const logs: string[] = []
  let backend = ['-b', `127.0.0.1:${backendPort}`]
  if (shippedVcl) {
    const vcl = path.join(workDir, 'site.vcl')
    writeFileSync(vcl, readFileSync(SHIPPED_VCL, 'utf8').replaceAll('{{BACKEND_HOST}}', '127.0.0.1').replaceAll('{{BACKEND_PORT}}', String(backendPort)), { mode: 0o644 })
    // varnishd reads the VCL as its unprivileged user.
    chmodSync(workDir, 0o755)
    backend = ['-f', vcl]
  }
  const child: ChildProcess = spawn('varnishd', ['-F', '-a', `127.0.0.1:${port}`, ...backend, '-n', path.join(workDir, 'n'), '-s', 'malloc,64m', '-p', 'default_ttl=60'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited (${child.exitCode}): ${logs.join('').slice(-2000)}`)
    try {
      await fetch(`${url}/healthz`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`varnishd did not answer at ${url}: ${logs.join('').slice(-2000)}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(workDir, { recursive: true, force: true })
          resolve()
        }
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}
