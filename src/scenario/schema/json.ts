/**
 * `JSON.parse` with an error that says where: Node 20's messages give a position
 * for some errors and none for others, so on failure a small scanner finds the
 * first offending character itself and the message names its line and column.
 */

export type JsonResult = { ok: true; value: unknown } | { ok: false; error: string };

class ScanError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return 'end of input';
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

/** A JSON grammar check (RFC 8259) that throws a ScanError at the first mistake. */
class Scanner {
  private pos = 0;
  constructor(private readonly text: string) {}

  run(): void {
    this.value(0);
    this.skipWhitespace();
    if (this.pos < this.text.length) {
      throw new ScanError(this.pos, `unexpected ${describeChar(this.text[this.pos])} after the JSON value`);
    }
  }

  private fail(expected: string): never {
    throw new ScanError(this.pos, `unexpected ${describeChar(this.text[this.pos])} (expected ${expected})`);
  }

  private skipWhitespace(): void {
    while (WHITESPACE.has(this.text[this.pos])) this.pos++;
  }

  private expect(ch: string, what: string): void {
    this.skipWhitespace();
    if (this.text[this.pos] !== ch) this.fail(what);
    this.pos++;
  }

  private value(depth: number): void {
    if (depth > 10_000) throw new ScanError(this.pos, 'nested too deeply');
    this.skipWhitespace();
    const ch = this.text[this.pos];
    if (ch === '{') return this.object(depth);
    if (ch === '[') return this.array(depth);
    if (ch === '"') return this.string();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return;
      }
    }
    this.fail('a value');
  }

  private object(depth: number): void {
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== '"') this.fail('a double-quoted property name');
      this.string();
      this.expect(':', "':' after a property name");
      this.value(depth + 1);
      this.skipWhitespace();
      if (this.text[this.pos] === '}') {
        this.pos++;
        return;
      }
      this.expect(',', "',' or '}' after a property value");
    }
  }

  private array(depth: number): void {
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (;;) {
      this.value(depth + 1);
      this.skipWhitespace();
      if (this.text[this.pos] === ']') {
        this.pos++;
        return;
      }
      this.expect(',', "',' or ']' after an array element");
    }
  }

  private string(): void {
    this.pos++;
    for (;;) {
      const ch = this.text[this.pos];
      if (ch === undefined) this.fail('the closing \'"\' of the string');
      if (ch === '"') {
        this.pos++;
        return;
      }
      if (ch.charCodeAt(0) < 0x20) {
        throw new ScanError(this.pos, `${describeChar(ch)} inside a string (write it as an escape such as \\n)`);
      }
      if (ch === '\\') {
        const next = this.text[this.pos + 1];
        if (next === 'u') {
          const hex = this.text.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new ScanError(this.pos, 'bad \\u escape in a string (expected 4 hex digits)');
          this.pos += 6;
          continue;
        }
        if (next === undefined || !ESCAPES.has(next)) throw new ScanError(this.pos, `bad escape ${JSON.stringify(`\\${next ?? ''}`)} in a string`);
        this.pos += 2;
        continue;
      }
      this.pos++;
    }
  }

  private digits(what: string): void {
    const start = this.pos;
    while (this.text[this.pos] >= '0' && this.text[this.pos] <= '9') this.pos++;
    if (this.pos === start) this.fail(what);
  }

  private number(): void {
    if (this.text[this.pos] === '-') this.pos++;
    if (this.text[this.pos] === '0') this.pos++;
    else this.digits('a digit');
    if (this.text[this.pos] === '.') {
      this.pos++;
      this.digits('a digit after the decimal point');
    }
    if (this.text[this.pos] === 'e' || this.text[this.pos] === 'E') {
      this.pos++;
      if (this.text[this.pos] === '+' || this.text[this.pos] === '-') this.pos++;
      this.digits('a digit in the exponent');
    }
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return `line ${line}, column ${column}`;
}

/** Parses JSON text (a leading byte-order mark is ignored). */
export function parseJson(text: unknown): JsonResult {
  if (typeof text !== 'string') return { ok: false, error: `not valid JSON: expected text, got ${typeof text}` };
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (parseError) {
    try {
      new Scanner(source).run();
    } catch (scanError) {
      if (scanError instanceof ScanError) {
        return { ok: false, error: `not valid JSON: ${scanError.message} at ${lineAndColumn(source, scanError.offset)}` };
      }
    }
    const message = parseError instanceof Error ? parseError.message : String(parseError);
    return { ok: false, error: `not valid JSON: ${message}` };
  }
}
