import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor } from './ice-servers';

const SECRET = 'a-turn-secret-of-the-deployment';
const NOW = Date.UTC(2026, 10, 27, 9, 0, 0);

describe('the ICE servers handed to a browser', () => {
  it('give a TURN server without credentials short-lived ones coturn can check with the shared secret', () => {
    const [turn] = iceServersFor([{ urls: 'turn:turn.example.org:3478' }], SECRET, 'account-1', 600, NOW);
    const expiry = NOW / 1000 + 600;
    expect(turn?.username).toBe(`${expiry}:account-1`);
    expect(turn?.credential).toBe(createHmac('sha1', SECRET).update(`${expiry}:account-1`).digest('base64'));
  });

  it('pass STUN servers, servers with credentials of their own, and everything without a secret on unchanged', () => {
    const stun = { urls: ['stun:stun.example.org:3478'] };
    const fixed = { urls: 'turns:turn.example.org:5349', username: 'visit', credential: 'configured' };
    const bare = { urls: 'turn:turn.example.org:3478' };
    expect(iceServersFor([stun, fixed], SECRET, 'who', 600, NOW)).toEqual([stun, fixed]);
    expect(iceServersFor([bare], undefined, 'who', 600, NOW)).toEqual([bare]);
  });
});
