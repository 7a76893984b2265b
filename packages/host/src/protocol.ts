// The host's protocol, one declaration per message: the JSON Schema (docs/HOST.md prints them;
// test/protocol.test.ts checks the doc against this file) and, for what clients send, the
// validator the server runs before anything else reads a frame.
import { Ajv, type ValidateFunction } from 'ajv';

const integer = (description: string) => ({ type: 'integer', minimum: 0, maximum: 2_147_483_647, description });
const text = (description: string) => ({ type: 'string', description });

/** The library's `View` (mtg-turn-machine's `view()`): the same for every seat (the turn structure hides nothing). */
const VIEW = {
  type: 'object',
  description: "mtg-turn-machine's view(): the state of the turn as a UI shows it (see the library's View type)",
  required: ['players', 'turn', 'activePlayer', 'phase', 'step', 'priority', 'waitingFor', 'mayAct', 'stack', 'zones'],
  properties: {
    players: { type: 'array', items: { type: 'string' } },
    turn: { type: 'integer' },
    activePlayer: { type: 'string' },
    phase: { type: ['string', 'null'] },
    step: { type: ['string', 'null'] },
    priority: { type: ['string', 'null'] },
    waitingFor: { type: ['string', 'null'] },
    mayAct: { type: 'array', items: { type: 'string' } },
    stack: { type: 'array', items: { type: 'string' } },
    zones: { type: 'object' },
  },
};

const LEGAL_ACTIONS = { type: 'array', description: "mtg-turn-machine's legalActions() for this seat's player", items: { type: 'object', required: ['type'], properties: { type: { type: 'string' } } } };

const REFUSED = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'reason', 'rule'],
  properties: {
    type: { const: 'refused' },
    reason: text('why, naming the bad input'),
    rule: text('the rule (a CR number) or the kind of refusal: input, limit, seat, version, protocol, rate, takeback'),
    path: text('the JSON path of the problem in the event, when the machine gives one'),
  },
};

const TAKEBACK_STATE = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'to', 'askedBy', 'agreed', 'waiting'],
  properties: {
    type: { const: 'takeback' },
    to: integer('the version asked for'),
    askedBy: text('the seat that asked'),
    agreed: { type: 'array', items: { type: 'string' } },
    waiting: { type: 'array', items: { type: 'string' }, description: 'the seats yet to agree; empty: done' },
  },
};

export const SCHEMAS = {
  /** POST /games */
  createRequest: {
    type: 'object', additionalProperties: false, required: ['input'],
    properties: { input: { type: 'object', description: "mtg-turn-machine's GameInput: players, teams?, options?, limits?" } },
  },
  createResponse: {
    type: 'object', additionalProperties: false, required: ['id', 'seats', 'spectator', 'engine'],
    properties: {
      id: text('the game'),
      seats: { type: 'object', additionalProperties: { type: 'string' }, description: 'each player\'s token: give each only to its player' },
      spectator: text('a token that watches and sends nothing'),
      engine: text("the game engine's token: it alone sends the host reports (trigger.register, mana.add, …), as game.send does"),
    },
  },
  /** GET /games/:id */
  gameResponse: {
    type: 'object', additionalProperties: false, required: ['version', 'view'],
    properties: { version: integer('0 for a new game, +1 per accepted event'), view: VIEW, legalActions: LEGAL_ACTIONS },
  },
  /** GET /games/:id/log */
  logResponse: {
    type: 'object', additionalProperties: false, required: ['events'],
    properties: {
      events: {
        type: 'array',
        items: {
          type: 'object', additionalProperties: false, required: ['version', 'event', 'by'],
          properties: {
            version: integer('the version the event made'),
            event: { description: 'the event, as accepted' },
            by: text('the seat that sent it, or "engine"'),
            records: { type: 'array', description: 'the history records it made (?records=1)' },
          },
        },
      },
      next: integer('more follow: ask again with ?after=next'),
    },
  },
  /** GET /games/:id/takebacks */
  takebacksResponse: {
    type: 'object', additionalProperties: false, required: ['takebacks'],
    properties: {
      takebacks: {
        type: 'array',
        items: {
          type: 'object', additionalProperties: false, required: ['from', 'to', 'askedBy', 'agreed', 'dropped'],
          properties: {
            from: integer('the version the game was at'), to: integer('the version it went back to'), askedBy: text('the seat that asked'),
            agreed: { type: 'array', items: { type: 'string' }, description: 'every seat, in the order they agreed' },
            dropped: { type: 'array', description: 'the log entries taken out, oldest first' },
          },
        },
      },
    },
  },
  /** Any HTTP error */
  errorResponse: { type: 'object', additionalProperties: false, required: ['error'], properties: { error: text('why') } },
  /** WebSocket, client → host */
  send: {
    type: 'object', additionalProperties: false, required: ['type', 'event'],
    properties: {
      type: { const: 'send' },
      event: { description: 'a TurnEvent; the machine judges it (any value is answered, never crashes anything)' },
      expectVersion: integer('refuse unless the game is at this version'),
    },
  },
  takeback: {
    type: 'object', additionalProperties: false, required: ['type', 'to'],
    properties: { type: { const: 'takeback' }, to: integer('ask (or agree) to take the game back to this earlier version') },
  },
  /** WebSocket, host → client */
  view: {
    type: 'object', additionalProperties: false, required: ['type', 'version', 'view'],
    properties: { type: { const: 'view' }, version: integer('the game\'s version'), view: VIEW, legalActions: LEGAL_ACTIONS },
  },
  accepted: {
    type: 'object', additionalProperties: false, required: ['type', 'version'],
    properties: { type: { const: 'accepted' }, version: integer('the version the event made (it is stored)') },
  },
  refused: REFUSED,
  takebackState: TAKEBACK_STATE,
} as const;

export type ClientMessage = { type: 'send'; event: unknown; expectVersion?: number } | { type: 'takeback'; to: number };

const ajv = new Ajv({ allErrors: false, strict: false });
const validators: Record<'send' | 'takeback', ValidateFunction> = { send: ajv.compile(SCHEMAS.send), takeback: ajv.compile(SCHEMAS.takeback) };
const createValidator = ajv.compile(SCHEMAS.createRequest);

const describe = (validate: ValidateFunction) => {
  const error = validate.errors?.[0];
  return error ? `${error.instancePath || '(the message)'} ${error.message ?? 'is invalid'}${error.params && 'additionalProperty' in error.params ? ` (${String(error.params.additionalProperty)})` : ''}` : 'invalid';
};

/** A client's frame read whole, or why not. */
export function parseClientMessage(data: string): { ok: true; message: ClientMessage } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'the message is not JSON' };
  }
  const type = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as { type?: unknown }).type : undefined;
  if (type !== 'send' && type !== 'takeback') return { ok: false, reason: 'a message is {"type":"send",…} or {"type":"takeback",…}' };
  const validate = validators[type];
  return validate(parsed) ? { ok: true, message: parsed as ClientMessage } : { ok: false, reason: describe(validate) };
}

export function checkCreateRequest(body: unknown): string | null {
  return createValidator(body) ? null : describe(createValidator);
}
