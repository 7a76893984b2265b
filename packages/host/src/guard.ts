// Who may talk to the host: the Host header must name it (DNS rebinding), a browser's Origin must
// be the host's own or one it was told to allow, every answer carries a strict CSP. The same rules
// as the visualizer's server (src/server/guard.ts), for a server that is not local-only by design.
import { isIP } from 'node:net';

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

export interface HostGuard {
  /** Why a request naming this Host header is refused, or undefined. */
  refuseHost(host: string | undefined): string | undefined;
  /** Why a request with this Origin is refused (programs send none), or undefined. */
  refuseOrigin(origin: string | undefined): string | undefined;
  /** Whether this Origin is one allowed beside the host's own (it gets CORS headers). */
  isAllowedOrigin(origin: string | undefined): boolean;
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
const isUnspecified = (address: string) => address === '0.0.0.0' || address === '::';
const bracketed = (name: string) => (isIP(name) === 6 ? `[${name}]` : name);

/**
 * The names the host answers to: `<bound address>:<port>`, the `--host` asked for, `localhost` when
 * bound to loopback, the names given in `names` (a public host name behind a proxy), and — bound to
 * every interface — any IP address (a DNS rebinding attack names a host, never an address).
 */
export function createHostGuard(boundAddress: string, requestedHost: string, port: number, names: string[] = [], origins: string[] = []): HostGuard {
  const known = new Set([bracketed(boundAddress), bracketed(requestedHost.toLowerCase()), ...names.map((n) => n.toLowerCase())]);
  if (isLoopback(boundAddress) || isUnspecified(boundAddress)) known.add('localhost');
  const accepted = new Set([...known].flatMap((name) => (name.includes(':') && !name.startsWith('[') ? [name] : port === 80 ? [`${name}:${port}`, name] : [`${name}:${port}`])));
  const anyAddress = (host: string) => {
    const found = /^(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::(\d+))?$/.exec(host);
    const address = found?.[1] ?? found?.[2];
    return address !== undefined && isIP(address) !== 0 && (found?.[3] === undefined ? 80 : Number(found[3])) === port;
  };
  const accepts = (host: string) => accepted.has(host) || (isUnspecified(boundAddress) && anyAddress(host));
  const allowed = new Set(origins.map((o) => o.toLowerCase().replace(/\/$/, '')));
  const expected = [...accepted].join(', ');
  const isOwn = (origin: string) => {
    const lower = origin.toLowerCase();
    return (lower.startsWith('http://') && accepts(lower.slice(7))) || (lower.startsWith('https://') && accepts(lower.slice(8)));
  };
  return {
    refuseHost(host) {
      if (host === undefined) return `no Host header: this host answers to ${expected}`;
      if (!accepts(host.toLowerCase())) return `Host "${host.slice(0, 100)}" refused: this host answers to ${expected}`;
      return undefined;
    },
    refuseOrigin(origin) {
      if (origin === undefined || isOwn(origin) || allowed.has(origin.toLowerCase())) return undefined;
      return `Origin "${origin.slice(0, 100)}" refused: only this host's own pages${allowed.size ? ' and the origins it allows' : ''} may use it`;
    },
    isAllowedOrigin: (origin) => origin !== undefined && allowed.has(origin.toLowerCase()),
  };
}
