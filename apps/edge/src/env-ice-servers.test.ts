import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('ICE_SERVERS', () => {
  it('is none by default, and a JSON list of RTCIceServer otherwise', () => {
    expect(readEnv({}).ICE_SERVERS).toEqual([]);
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:turn.example.org:3478?transport=udp'], username: 'u', credential: 'c' },
    ];
    expect(readEnv({ ICE_SERVERS: JSON.stringify(servers) }).ICE_SERVERS).toEqual(servers);
  });

  it('refuses text that is not such a list, naming the setting', () => {
    for (const bad of ['stun:stun.example.org', '{"urls":"stun:x"}', '[{"url":"stun:x"}]']) {
      expect(() => readEnv({ ICE_SERVERS: bad }), bad).toThrow(/ICE_SERVERS/);
    }
  });
});
