// Who may talk to the local server: the Host a request names (DNS rebinding) and the Origin of a WebSocket.
import { isIP } from 'node:net';

/** Sent with every answer: the page loads only its own files, and no other site may frame it or read them. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * An origin given to `--allow-origin` (`http://localhost:5173`), in the form browsers send it, or why it is
 * refused: only http(s), a host and an optional port, nothing else (no `*`, no `null`, no path).
 */
export function parseAllowedOrigin(text: string): { origin: string } | { error: string } {
  const shown = JSON.stringify(text.slice(0, 100));
  if (text.trim() === '*' || text.trim().toLowerCase() === 'null') {
    return { error: `--allow-origin ${shown}: name one origin exactly (http://localhost:5173); "*" and "null" are never accepted` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `--allow-origin ${shown}: not an origin (scheme://host[:port], e.g. http://localhost:5173)` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `--allow-origin ${shown}: only http:// and https:// origins` };
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '') || /[*]/.test(url.host)) {
    return { error: `--allow-origin ${shown}: an origin is scheme://host[:port] only (no path, query, user or wildcard)` };
  }
  if (text.replace(/\/$/, '').toLowerCase() !== url.origin) return { error: `--allow-origin ${shown}: write it as the browser sends it: ${url.origin}` };
  return { origin: url.origin };
}

export interface HostGuard {
  /** Why a request naming this Host header is refused, or undefined if it names this server. */
  refuseHost(host: string | undefined): string | undefined;
  /** Why a WebSocket opened with this Origin header is refused, or undefined; `page` for the viewer path, where the page's own origin is welcome. */
  refuseOrigin(origin: string | undefined, page: boolean): string | undefined;
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
const isUnspecified = (address: string) => address === '0.0.0.0' || address === '::';
const bracketed = (name: string) => (isIP(name) === 6 ? `[${name}]` : name);

/** `127.0.0.1:4310` → `127.0.0.1`, `[::1]:4310` → `::1`; undefined when the port is not `port`. */
function ipLiteralOn(host: string, port: number): string | undefined {
  const found = /^(?:\[([0-9a-f:.]+)\]|([0-9.]+))(?::(\d+))?$/.exec(host);
  const address = found?.[1] ?? found?.[2];
  const named = found?.[3] === undefined ? 80 : Number(found[3]);
  return address !== undefined && isIP(address) && named === port ? address : undefined;
}

/**
 * The names this server answers to: `<bound address>:<port>`, the `--host` given, and
 * `localhost:<port>` when bound to a loopback address. Bound to every interface
 * (0.0.0.0 or ::), any IP address with the port too: a DNS rebinding attack always
 * names a host, never an address.
 */
export function createHostGuard(boundAddress: string, requestedHost: string, port: number, allowedOrigins: readonly string[] = []): HostGuard {
  const allowed = new Set(allowedOrigins.map((origin) => origin.toLowerCase()));
  const names = new Set([bracketed(boundAddress), bracketed(requestedHost.toLowerCase())]);
  if (isLoopback(boundAddress) || isUnspecified(boundAddress)) names.add('localhost');
  const accepted = new Set([...names].flatMap((name) => (port === 80 ? [`${name}:${port}`, name] : [`${name}:${port}`])));
  const accepts = (host: string) => accepted.has(host) || (isUnspecified(boundAddress) && ipLiteralOn(host, port) !== undefined);
  const expected = [...accepted].join(', ');

  return {
    refuseHost(host) {
      if (host === undefined) return `No Host header: this server answers to ${expected}.`;
      if (!accepts(host.toLowerCase())) return `Host "${host.slice(0, 100)}" refused: this server answers to ${expected}.`;
      return undefined;
    },
    refuseOrigin(origin, page) {
      // Programs (Node, no Origin header) feed the relay; browsers always send Origin.
      if (origin === undefined) return undefined;
      const lower = origin.toLowerCase();
      if (page && lower.startsWith('http://') && accepts(lower.slice('http://'.length))) return undefined;
      // A web app the user named with --allow-origin may feed the relay (never watch it: only this server's page does).
      if (!page && allowed.has(lower)) return undefined;
      return page
        ? `Origin "${origin.slice(0, 100)}" refused: only this server's own page may watch the relay.`
        : `Origin "${origin.slice(0, 100)}" refused: only programs without an Origin (not web pages) may feed the relay${
            allowed.size ? `, and pages of ${[...allowed].join(', ')} (--allow-origin)` : ' (start it with --allow-origin ORIGIN to let a web app in)'
          }.`;
    },
  };
}
