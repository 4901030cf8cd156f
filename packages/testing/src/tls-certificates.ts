import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestCertificates {
  /** The CA that signed the server certificate (what REDIS_TLS_CA_FILE names). */
  caFile: string;
  certFile: string;
  keyFile: string;
}

/**
 * A private CA and a server certificate it signed for `localhost` and 127.0.0.1,
 * made with the machine's openssl in `dir`: what a managed Redis with in-transit
 * encryption presents, without trusting anything outside the test.
 */
export function makeTestCertificates(dir: string): TestCertificates {
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=lps test CA', '-keyout', path('ca.key'), '-out', path('ca.crt'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', path('server.key'), '-out', path('server.csr'));
  writeFileSync(path('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    path('server.csr'),
    '-CA',
    path('ca.crt'),
    '-CAkey',
    path('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    path('server.ext'),
    '-out',
    path('server.crt'),
  );
  return { caFile: path('ca.crt'), certFile: path('server.crt'), keyFile: path('server.key') };
}
