import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A self-signed certificate for localhost and *.localhost, made once with openssl and kept in the
 * temp folder. Browsers ask to accept it once (docs/local-lake.md); tests start Chromium ignoring the error.
 */
export function localCertificate(): { key: Buffer; cert: Buffer } {
  const dir = path.join(tmpdir(), 'local-content-lake-tls')
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true })
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '825', '-subj', '/CN=localhost', '-keyout', key, '-out', cert,
      '-addext', 'subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1'], { stdio: 'ignore' })
  }
  return { key: readFileSync(key), cert: readFileSync(cert) }
}
