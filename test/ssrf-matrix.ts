/**
 * The internal addresses of QUALITY.md's SSRF matrix, with `path` appended:
 * loopback in its odd spellings, link-local, carrier-grade NAT, private
 * ranges and a name resolving to loopback. `port` is where a test's victim
 * listener waits on 127.0.0.1; it must never see a request.
 */
export function internalAddresses(port: number, path = '/'): string[] {
  return [
    `http://127.0.0.1:${port}${path}`,
    `http://127.1:${port}${path}`,
    `http://2130706433:${port}${path}`,
    `http://0x7f000001:${port}${path}`,
    `http://017700000001:${port}${path}`,
    `http://0.0.0.0:${port}${path}`,
    `http://[::1]:${port}${path}`,
    `http://[::ffff:127.0.0.1]:${port}${path}`,
    // IPv4-compatible IPv6 (deprecated ::/96): 127.0.0.1 and the metadata address in another spelling.
    `http://[::127.0.0.1]:${port}${path}`,
    `http://[::7f00:1]:${port}${path}`,
    `http://[::a9fe:a9fe]/latest/meta-data/`,
    `http://169.254.169.254/latest/meta-data/`,
    `http://100.64.0.1${path}`,
    `http://10.0.0.1${path}`,
    `http://192.168.1.1${path}`,
    `http://[fc00::1]${path}`,
    `http://localhost:${port}${path}`,
  ]
}

/** Schemes other than http(s): refused before any lookup. */
export const OTHER_SCHEMES = ['file:///etc/passwd', 'ftp://example.com/a', 'gopher://example.com/a'] as const
