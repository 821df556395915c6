import { describe, expect, it } from 'vitest';
import { roomServiceHostOf } from './livekit-rooms';

describe('roomServiceHostOf', () => {
  it('turns the WebSocket address clients open into the room service’s HTTP one', () => {
    expect(roomServiceHostOf('ws://127.0.0.1:7880')).toBe('http://127.0.0.1:7880');
    expect(roomServiceHostOf('wss://livekit.example.org')).toBe('https://livekit.example.org');
    expect(roomServiceHostOf('WSS://livekit.example.org/')).toBe('https://livekit.example.org/');
    expect(roomServiceHostOf('https://livekit.example.org')).toBe('https://livekit.example.org');
  });
});
