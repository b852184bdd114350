import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The lake's HTTPS certificate. The Studio needs HTTP/2 (it holds more than a browser's six HTTP/1.1
 * connections per host open as listeners), browsers speak HTTP/2 only over TLS, and a browser warns
 * about any certificate it does not trust. mkcert (a maintained tool, the one `next dev
 * --experimental-https` uses) makes a local certificate authority, adds it to the system's and the
 * browsers' trust stores once, and signs the lake's certificate with it: no warning, no step. Without
 * mkcert, a self-signed certificate made with openssl, which the browser asks to accept once
 * (studio/firstRun says how).
 */
export interface CertificateOptions {
  /** 'auto' (default): mkcert when installed, else self-signed; 'mkcert': mkcert or fail; 'self-signed': never mkcert. */
  trust?: 'auto' | 'mkcert' | 'self-signed'
  /**
   * Environment mkcert runs in (default: this process's). Tests give it a HOME, CAROOT and TRUST_STORES=nss
   * of their own, so the machine's trust stores are never touched.
   */
  mkcertEnv?: NodeJS.ProcessEnv
  log?: (line: string) => void
}

export interface LocalCertificate {
  key: Buffer
  cert: Buffer
  /** Signed by mkcert's local authority, which the browsers here trust. */
  trusted: boolean
}

/**
 * A certificate for these host names. Each is listed: browsers refuse a wildcard directly under
 * localhost (`*.localhost`), so the project's own `<projectId>.localhost` is named.
 */
export function localCertificate(hosts: string[], options: CertificateOptions = {}): LocalCertificate {
  const trust = options.trust ?? 'auto'
  if (trust !== 'self-signed') {
    const trusted = mkcertCertificate(hosts, options)
    if (trusted) return trusted
    if (trust === 'mkcert') throw new Error('mkcert is not installed: install it (apt-get install mkcert libnss3-tools, or brew install mkcert nss)')
  }
  return selfSigned(hosts)
}

function mkcertCertificate(hosts: string[], { mkcertEnv, log }: CertificateOptions): LocalCertificate | undefined {
  const run = (args: string[]) => execFileSync('mkcert', args, { env: mkcertEnv ?? process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  let caRoot: string
  try {
    caRoot = run(['-CAROOT']).trim()
  } catch {
    return undefined
  }
  // Idempotent: adds the authority only to the trust stores that lack it (the first time, it may ask for a password).
  execFileSync('mkcert', ['-install'], { env: mkcertEnv ?? process.env, stdio: ['inherit', 'ignore', 'inherit'] })
  const authority = readFileSync(path.join(caRoot, 'rootCA.pem'))
  const dir = path.join(tmpdir(), 'local-content-lake-tls', `mkcert-${createHash('sha256').update(authority).update(hosts.join(' ')).digest('hex').slice(0, 16)}`)
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true })
    run(['-cert-file', cert, '-key-file', key, ...hosts])
    log?.(`certificate for ${hosts.join(', ')} signed by mkcert's local authority (${caRoot})`)
  }
  return { key: readFileSync(key), cert: readFileSync(cert), trusted: true }
}

function selfSigned(hosts: string[]): LocalCertificate {
  const dir = path.join(tmpdir(), 'local-content-lake-tls', `self-signed-${createHash('sha256').update(hosts.join(' ')).digest('hex').slice(0, 16)}`)
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true })
    const names = hosts.map((host) => (/^[\d.]+$|:/.test(host) ? `IP:${host}` : `DNS:${host}`))
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '825', '-subj', '/CN=localhost', '-keyout', key, '-out', cert,
      '-addext', `subjectAltName=${names.join(',')}`], { stdio: 'ignore' })
  }
  return { key: readFileSync(key), cert: readFileSync(cert), trusted: false }
}
