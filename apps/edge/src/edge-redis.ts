import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

const observed = (): void => undefined;

/**
 * The edge's Redis client (rate limits and the Socket.IO Streams adapter). The adapter sends some
 * commands without waiting for them (PUBLISH of a fetchSockets or an emit with acknowledgement,
 * SET of a disconnected socket's session, SUBSCRIBE of its duplicated client); when Redis goes away
 * or the edge closes, ioredis rejects them ("Connection is closed.") and nobody is there to hear it.
 * An unhandled rejection stops a Node process, so a Redis outage would take every edge down with
 * it. Here every command's promise is observed as it is sent: whoever awaits it still gets the
 * rejection (the rate limiter does), a command nobody awaits fails quietly, and the outage itself
 * is logged once through the client's `error` and `ready` events (see `reportRedisOutages`). The
 * clients the adapter duplicates from it are observed too.
 */
export function edgeRedis(url: string, options: RedisOptions): Redis {
  return observeCommands(new Redis(url, options));
}

function observeCommands(client: Redis): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    const sent = send(command, stream);
    if (sent instanceof Promise) sent.catch(observed);
    return sent;
  };
  const duplicate = client.duplicate.bind(client);
  client.duplicate = ((override?: Partial<RedisOptions>) => observeCommands(duplicate(override)));
  return client;
}

/**
 * One warning when Redis stops answering and one line when it is back, not one per retry. While the
 * connection was away, events for the sockets of other edges (and, with the cluster adapter, this
 * edge's own) could not be published and are lost; `onBack` runs each time the connection is ready
 * again after a loss, so the edge can tell the screens of every edge to catch up.
 */
export function reportRedisOutages(redis: Redis, log: FastifyBaseLogger, onBack: () => void): void {
  let down = false;
  let lost = false;
  redis.on('close', () => {
    lost = true;
  });
  redis.on('error', (error: Error & { code?: string }) => {
    if (down) return;
    down = true;
    log.warn({ type: error.name, code: error.code }, 'redis unreachable; rate limits and cross-edge events fail until it is back');
  });
  redis.on('ready', () => {
    if (down) log.info('redis reachable again');
    down = false;
    if (!lost) return;
    lost = false;
    onBack();
  });
}
