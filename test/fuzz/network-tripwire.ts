import dns from 'node:dns'
import net from 'node:net'

/**
 * Keeps a test process on loopback: every DNS name but `localhost` fails to
 * resolve, and a socket dialled to anything but a loopback address or a
 * local socket fails as refused. A fuzz test sends addresses the server may
 * try to fetch (a catalogue feed on refresh, an image to resize); this makes
 * such a try fail the way an unreachable host does instead of leaving the
 * machine. `attempts` lists what was stopped, for the report.
 */
export function installNetworkTripwire() {
  const attempts: string[] = []
  const lookup = dns.promises.lookup
  const connect = net.Socket.prototype.connect

  const refuse = (what: string, code: string) => {
    attempts.push(what)
    return Object.assign(new Error(`${code} ${what} (stopped by the test's network tripwire)`), { code })
  }
  const isLoopback = (host: string) => host === 'localhost' || (net.isIP(host) !== 0 && (host.startsWith('127.') || host === '::1' || host === '::ffff:127.0.0.1'))

  dns.promises.lookup = (async (host: string, options?: unknown) => {
    if (host === 'localhost') return lookup(host, options as dns.LookupAllOptions)
    throw refuse(`dns ${host}`, 'ENOTFOUND')
  }) as typeof dns.promises.lookup

  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0]
    const options = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string; port?: number } | number | string
    let host: string | undefined
    if (typeof options === 'object' && options !== null) host = options.path ? undefined : (options.host ?? 'localhost')
    else if (typeof options === 'number') host = typeof args[1] === 'string' ? args[1] : 'localhost'
    if (host !== undefined && !isLoopback(host)) {
      const error = refuse(`connect ${host}`, 'ECONNREFUSED')
      process.nextTick(() => this.destroy(error))
      return this
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
  } as typeof net.Socket.prototype.connect

  return {
    attempts,
    uninstall() {
      dns.promises.lookup = lookup
      net.Socket.prototype.connect = connect
    },
  }
}
