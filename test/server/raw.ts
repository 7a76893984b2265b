// Raw TCP clients (node:net) for what fetch and ws never send: malformed frames, forged Host and Origin headers.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** Everything the server sends on one connection until it closes it, or until `done` says enough (5 s at most). */
export function exchange(port: number, request: string | Buffer, done: (received: Buffer) => boolean = () => false): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const timer = setTimeout(finish, 5000);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (done(received)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(request);
  });
}

/** One HTTP/1.1 request as text; `host: null` leaves the Host header out. */
export function httpRequest(port: number, path: string, headers: Record<string, string | null> = {}, method = 'GET'): string {
  const all: Record<string, string | null> = { host: `127.0.0.1:${port}`, connection: 'close', ...headers };
  const lines = Object.entries(all).flatMap(([name, value]) => (value === null ? [] : [`${name}: ${value}`]));
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function parseResponse(received: Buffer): RawResponse {
  const text = received.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, end < 0 ? text.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: end < 0 ? '' : text.slice(end + 4) };
}

export async function rawGet(port: number, path: string, headers: Record<string, string | null> = {}, method = 'GET'): Promise<RawResponse> {
  return parseResponse(await exchange(port, httpRequest(port, path, headers, method)));
}

/** A WebSocket opening handshake as text, with whatever Host and Origin the test forges. */
export function upgradeRequest(port: number, path: string, headers: Record<string, string | null> = {}): string {
  return httpRequest(port, path, {
    connection: 'Upgrade',
    upgrade: 'websocket',
    'sec-websocket-version': '13',
    'sec-websocket-key': randomBytes(16).toString('base64'),
    ...headers,
  });
}

/** The answer to an opening handshake: 101 when the WebSocket was accepted. */
export async function tryUpgrade(port: number, path: string, headers: Record<string, string | null> = {}): Promise<RawResponse> {
  // A refusal ends the connection; an acceptance keeps it open, so stop reading at the end of its head.
  const accepted = (data: Buffer) => data.toString('latin1').startsWith('HTTP/1.1 101') && data.includes('\r\n\r\n');
  const received = await exchange(port, upgradeRequest(port, path, headers), accepted);
  return parseResponse(received);
}

/** A client frame; `announce` puts another payload length in the header than the bytes that follow. */
export function frame(opcode: number, payload: Buffer, options: { masked?: boolean; announce?: number } = {}): Buffer {
  const masked = options.masked ?? true;
  const length = options.announce ?? payload.length;
  let header: Buffer;
  if (length < 126) header = Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | length]);
  else if (length < 65536) {
    header = Buffer.from([0x80 | opcode, (masked ? 0x80 : 0) | 126, 0, 0]);
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = 0x80 | opcode;
    header[1] = (masked ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  if (!masked) return Buffer.concat([header, payload]);
  const mask = randomBytes(4);
  return Buffer.concat([header, mask, Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]))]);
}

/** The status code of the close frame the server sent after its 101 answer, or undefined if it sent none. */
export function closeCode(received: Buffer): number | undefined {
  const start = received.indexOf('\r\n\r\n');
  if (start < 0) return undefined;
  let at = start + 4;
  while (at + 2 <= received.length) {
    const opcode = received[at] & 0x0f;
    let length = received[at + 1] & 0x7f;
    let payloadAt = at + 2;
    if (length === 126) {
      length = received.readUInt16BE(at + 2);
      payloadAt += 2;
    } else if (length === 127) {
      length = Number(received.readBigUInt64BE(at + 2));
      payloadAt += 8;
    }
    if (opcode === 0x8) return payloadAt + 2 <= received.length ? received.readUInt16BE(payloadAt) : undefined;
    at = payloadAt + length;
  }
  return undefined;
}

/** Opens a WebSocket by hand, sends `data` once it is accepted, and returns the close code the server answers with. */
export async function sendAfterHandshake(port: number, path: string, data: Buffer): Promise<{ status: number; closeCode: number | undefined }> {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let sent = false;
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: parseResponse(received).status, closeCode: closeCode(received) });
    };
    const timer = setTimeout(finish, 5000);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (!sent && received.includes('\r\n\r\n')) {
        sent = true;
        socket.write(data);
      }
      if (closeCode(received) !== undefined) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(upgradeRequest(port, path));
  });
}
