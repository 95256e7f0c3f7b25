import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allowsNode, oldestNode } from './check-node';

const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;

describe('the Node versions package.json engines allows', () => {
  it.each([
    ['24.21.0', true],
    ['24.0.0', true],
    ['26.1.0', true],
    ['22.14.0', true],
    ['22.23.3', true],
    // Node-API 9: better-sqlite3 13 segfaults on load (measured on 22.12.0 and 22.13.1).
    ['22.13.1', false],
    ['22.12.0', false],
    ['23.11.0', false],
    ['20.20.2', false],
  ])('Node %s: %s', (version, allowed) => {
    expect(allowsNode(engines, version)).toBe(allowed);
  });

  it('reads the forms engines uses, and refuses one it cannot read', () => {
    expect(allowsNode('>=22.12', '22.12.0')).toBe(true);
    expect(allowsNode('>=22.12', '22.11.9')).toBe(false);
    expect(allowsNode('^22.14.0', '24.0.0')).toBe(false);
    expect(() => allowsNode('~22.14', '22.14.0')).toThrow(/cannot read/);
  });

  it('names the oldest allowed version for the smoke run', () => {
    expect(oldestNode(engines)).toBe('22.14.0');
    expect(oldestNode('>=24 || ^22.14.0')).toBe('22.14.0');
  });
});
