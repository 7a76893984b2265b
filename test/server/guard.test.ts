import { describe, expect, it } from 'vitest';
import { createHostGuard, parseAllowedOrigin } from '../../src/server/guard.js';

const accepts = (guard: ReturnType<typeof createHostGuard>, host: string) => guard.refuseHost(host) === undefined;

describe('createHostGuard', () => {
  it('bound to 127.0.0.1: that address and localhost on the port, nothing else', () => {
    const guard = createHostGuard('127.0.0.1', '127.0.0.1', 4310);
    for (const host of ['127.0.0.1:4310', 'localhost:4310', 'LocalHost:4310']) expect(accepts(guard, host), host).toBe(true);
    for (const host of ['127.0.0.1', '127.0.0.1:4311', 'evil.example:4310', '127.0.0.2:4310', '[::1]:4310', 'localhost.evil.example:4310', 'x@127.0.0.1:4310']) {
      expect(accepts(guard, host), host).toBe(false);
    }
    expect(guard.refuseHost(undefined)).toMatch(/No Host header/);
    expect(guard.refuseHost('evil.example:4310')).toBe('Host "evil.example:4310" refused: this server answers to 127.0.0.1:4310, localhost:4310.');
  });

  it('bound to ::1 or asked for localhost; on port 80 the port may be left out', () => {
    const ipv6 = createHostGuard('::1', 'localhost', 80);
    for (const host of ['[::1]:80', '[::1]', 'localhost', 'localhost:80']) expect(accepts(ipv6, host), host).toBe(true);
    expect(accepts(ipv6, '::1')).toBe(false);
  });

  it('bound to a named interface: its address and the name given, not localhost', () => {
    const guard = createHostGuard('192.0.2.7', 'box.lan', 4310);
    for (const host of ['192.0.2.7:4310', 'box.lan:4310']) expect(accepts(guard, host), host).toBe(true);
    expect(accepts(guard, 'localhost:4310')).toBe(false);
  });

  it('bound to every interface: any IP address on the port, and localhost, but no other name', () => {
    const guard = createHostGuard('0.0.0.0', '0.0.0.0', 4310);
    for (const host of ['192.0.2.7:4310', '[2001:db8::1]:4310', 'localhost:4310', '0.0.0.0:4310']) expect(accepts(guard, host), host).toBe(true);
    for (const host of ['192.0.2.7:80', 'evil.example:4310', '999.1.1.1:4310']) expect(accepts(guard, host), host).toBe(false);
  });

  it('Origin: the page’s own for the viewer path, none for programs', () => {
    const guard = createHostGuard('127.0.0.1', '127.0.0.1', 4310);
    expect(guard.refuseOrigin(undefined, true)).toBeUndefined();
    expect(guard.refuseOrigin(undefined, false)).toBeUndefined();
    expect(guard.refuseOrigin('http://127.0.0.1:4310', true)).toBeUndefined();
    expect(guard.refuseOrigin('http://localhost:4310', true)).toBeUndefined();
    expect(guard.refuseOrigin('http://127.0.0.1:4310', false)).toMatch(/programs without an Origin/);
    for (const origin of ['https://127.0.0.1:4310', 'http://evil.example', 'null', 'http://127.0.0.1:4311']) {
      expect(guard.refuseOrigin(origin, true), origin).toMatch(/only this server's own page/);
    }
  });

  it('Origin with --allow-origin: that origin may feed the relay, not watch it', () => {
    const guard = createHostGuard('127.0.0.1', '127.0.0.1', 4310, ['http://localhost:5173']);
    expect(guard.refuseOrigin('http://localhost:5173', false)).toBeUndefined();
    expect(guard.refuseOrigin('http://LOCALHOST:5173', false)).toBeUndefined();
    expect(guard.refuseOrigin('http://localhost:5173', true)).toMatch(/only this server's own page/);
    expect(guard.refuseOrigin('http://localhost:5174', false)).toMatch(/pages of http:\/\/localhost:5173 \(--allow-origin\)/);
  });

  it('parseAllowedOrigin: one exact http(s) origin, as browsers send it', () => {
    expect(parseAllowedOrigin('http://localhost:5173')).toEqual({ origin: 'http://localhost:5173' });
    expect(parseAllowedOrigin('https://app.example/')).toEqual({ origin: 'https://app.example' });
    expect(parseAllowedOrigin('*')).toEqual({ error: expect.stringMatching(/"\*" and "null" are never accepted/) });
    expect(parseAllowedOrigin('http://localhost:80')).toEqual({ error: expect.stringMatching(/as the browser sends it: http:\/\/localhost$/) });
    expect(parseAllowedOrigin('http://localhost:5173/path')).toEqual({ error: expect.stringMatching(/no path/) });
  });
});
