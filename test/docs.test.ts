// The README says what the code does: its limits table, the events it lists and the host
// hooks it shows are the code's own (a limit, event or hook added without its line fails here).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HOOK_NAMES } from '../src/machine/hooks.js';
import { DEFAULT_LIMITS, TURN_EVENT_TYPES } from '../src/index.js';
import { LIMIT_DESCRIPTIONS } from '../src/vocabulary/index.js';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');

describe('README', () => {
  it.each(Object.entries(DEFAULT_LIMITS))('its limits table has %s with its default and meaning', (name, value) => {
    const row = `| \`${name}\` | ${value.toLocaleString('en-US')} | ${LIMIT_DESCRIPTIONS[name as keyof typeof DEFAULT_LIMITS]} |`;
    expect(readme).toContain(row);
  });

  it.each(TURN_EVENT_TYPES)('names the event %s', (type) => {
    expect(readme).toContain(`\`${type}\``);
  });

  it.each([...HOOK_NAMES])('shows the host hook %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});
