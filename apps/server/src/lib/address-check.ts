import dns from 'node:dns/promises'
import net from 'node:net'
import ipaddr from 'ipaddr.js'
import { AppError } from './errors'

export class BlockedAddressError extends AppError {
  constructor(message = 'This address is not allowed: it points to a local or private network.') {
    super(400, message)
  }
}

/**
 * IPv4-compatible IPv6 (`::/96`, deprecated by RFC 4291): `[::7f00:1]` is
 * 127.0.0.1 written another way, yet ipaddr.js calls it unicast. Other forms
 * that embed an IPv4 address (mapped, 6to4, Teredo, NAT64) it already names
 * as non-unicast ranges, and `::ffff:a.b.c.d` is judged as the IPv4 it maps.
 */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96')

export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false
  // IPv6.parse, not parse: the latter reads `::8.8.8.8` as IPv4.
  if (ip.includes(':') && ipaddr.IPv6.parse(ip).match(IPV4_COMPATIBLE)) return false
  return ipaddr.process(ip).range() === 'unicast'
}

function makeAllowCheck(entries: readonly string[]) {
  const names = new Set<string>()
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = []
  for (const entry of entries.map((e) => e.trim().toLowerCase()).filter(Boolean)) {
    if (entry.includes('/')) ranges.push(ipaddr.parseCIDR(entry))
    else if (ipaddr.isValid(entry)) {
      const ip = ipaddr.process(entry)
      ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128])
    } else names.add(entry)
  }
  return {
    name: (host: string) => names.has(host.toLowerCase()),
    ip: (address: string) => {
      const ip = ipaddr.process(address)
      return ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits))
    },
  }
}

/**
 * Resolves a host name to the one address it may be dialled at: every address the name has must be
 * public unicast, or admitted by the allow-list (a self-hoster's LAN), else a BlockedAddressError.
 */
export function createAddressCheck(allowHosts: readonly string[]) {
  const allow = makeAllowCheck(allowHosts)
  return async function resolveChecked(hostname: string): Promise<string> {
    const host = hostname.replace(/^\[|\]$/g, '')
    const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address)
    if (addresses.length === 0) throw new BlockedAddressError(`Could not resolve ${host}`)
    const nameAllowed = allow.name(host)
    for (const address of addresses) {
      if (!nameAllowed && !isPublicAddress(address) && !allow.ip(address)) throw new BlockedAddressError()
    }
    return addresses[0]!
  }
}
