import type { Deps } from '@opencare/api/deps';
import { markOffline, markOnline } from '@opencare/api/presence/presence.service';
import { loggableError } from '@opencare/api/transport/http-errors';
import { rooms, type PeopleServer, type PeopleSocket } from './socket-types';

/**
 * Presence from sockets: an account's first socket on this edge marks it online; a disconnection
 * marks it offline only when the account has no other socket on any edge (the adapter answers for
 * all of them).
 * Each socket's writes run in order, so a quick connect-disconnect never ends "online".
 */
export function presenceTracker(io: PeopleServer, deps: Deps) {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const done = work.catch((error: unknown) =>
      deps.log.warn({ ...loggableError(error) }, 'presence update failed'),
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
    return done;
  };

  return {
    follow(socket: PeopleSocket): void {
      const actor = socket.data.actor;
      if (!actor) return;
      // Another socket of the account on this edge (the room counts this one too): it is online
      // already, and that socket's disconnect will find this one, so nothing to write or tell. Not
      // so for a socket on another edge only: its last socket may be leaving as this one arrives.
      const here = socket.nsp.adapter.rooms.get(rooms.account(actor.accountId))?.size ?? 0;
      let last = here > 1 ? Promise.resolve() : track(markOnline(deps, actor));
      socket.on('disconnect', () => {
        last = track(
          last.then(async () => {
            // The disconnected socket has already left its rooms: any socket found is another one.
            const others = await io.in(rooms.account(actor.accountId)).fetchSockets();
            if (others.length === 0) await markOffline(deps, actor);
          }),
        );
      });
    },
    /** Wait for the writes under way (the edge closes its database after). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
