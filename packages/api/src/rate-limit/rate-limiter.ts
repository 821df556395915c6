import type { Redis } from 'ioredis';

export interface RateLimitState {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/**
 * Fixed-window counters. In memory for one edge; in Redis when several edges must share the count
 * (a client spreading attempts over edges must not get more tries).
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  peek(key: string): Promise<RateLimitState>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    hit(key, windowMs) {
      const w = live(key) ?? { count: 0, endsAt: now() + windowMs };
      w.count += 1;
      windows.set(key, w);
      // Drop ended windows now and then so the map stays small.
      if (windows.size > 10_000) for (const k of windows.keys()) live(k);
      return Promise.resolve({ count: w.count, resetMs: w.endsAt - now() });
    },
    peek(key) {
      const w = live(key);
      return Promise.resolve({ count: w?.count ?? 0, resetMs: w ? w.endsAt - now() : 0 });
    },
    reset(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}

export function redisRateLimiter(redis: Redis, namespace: string): RateLimiter {
  const k = (key: string) => `${namespace}:rl:${key}`;
  return {
    async hit(key, windowMs) {
      const result = await redis.multi().incr(k(key)).pexpire(k(key), windowMs, 'NX').pttl(k(key)).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? windowMs);
      return { count, resetMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
      return { count: Number(count ?? 0), resetMs: Math.max(0, ttl) };
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
