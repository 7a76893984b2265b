// A test client of the host: HTTP calls and a WebSocket that queues what it receives.
import { WebSocket } from 'ws';
// Messages and bodies are read as loose JSON: the tests assert on their fields.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Any = any;

export async function http(base: string, path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
      ...(init.token !== undefined && { Authorization: `Bearer ${init.token}` }),
      ...init.headers,
    },
    ...(init.body !== undefined && { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  });
  const text = await response.text();
  let json: Any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json, headers: response.headers };
}

export interface Live {
  ws: WebSocket;
  /** The next message received (waits for it). */
  next(): Promise<Any>;
  /** Messages until one matches. */
  until(match: (message: Any) => boolean): Promise<Any>;
  send(message: unknown): void;
  close(): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
}

export function connect(base: string, id: string, token: string, headers: Record<string, string> = {}): Promise<Live> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/games/${id}/live?token=${token}`, { headers });
  const inbox: Any[] = [];
  const waiters: ((m: Any) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else inbox.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = () => (inbox.length > 0 ? Promise.resolve(inbox.shift()) : new Promise<Any>((resolve) => waiters.push(resolve)));
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({
      ws,
      next,
      async until(match) {
        for (;;) {
          const message = await next();
          if (match(message)) return message;
        }
      },
      send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
      close: async () => { ws.close(); await closed; },
      closed,
    }));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => reject(Object.assign(new Error(`upgrade refused ${res.statusCode}: ${body}`), { status: res.statusCode, body })));
    });
    ws.once('error', reject);
  });
}
