import type { Deps } from '@opencare/api/deps';
import { recordDeviceState } from '@opencare/api/devices/devices.service';
import { AppError, parseInput, refuseUnsafeText } from '@opencare/api/errors/app-error';
import {
  markGatewayOffline,
  markGatewaySeen,
  sweepSilentGateways,
} from '@opencare/api/gateways/gateway-presence';
import { uploadReadings } from '@opencare/api/gateways/gateway-readings';
import { gatewayWork } from '@opencare/api/gateways/gateway-work';
import { gatewayByToken } from '@opencare/api/gateways/gateways.service';
import { loggableError } from '@opencare/api/transport/http-errors';
import { readingsUploadPayloadSchema } from '@opencare/schemas/entities/gateways';
import { unsafeTextIssues } from '@opencare/schemas/safe-text';
import {
  GATEWAY_HEARTBEAT_MS,
  deviceStatePayloadSchema,
  gatewayHandshakeSchema,
  gatewayHeartbeatPayloadSchema,
  gatewayHelloPayloadSchema,
  type GatewayClientToServerEvents,
} from '@opencare/schemas/gateway-events';
import type { Ack } from '@opencare/schemas/socket-events';
import { ecgRelay } from './ecg-relay';
import { failure } from './socket-events';
import { gatewayRooms, type GatewayNamespace, type GatewaySocket, type PeopleServer } from './socket-types';
import { startPeriodic, type StopPeriodic } from '../periodic';

export const GATEWAY_NAMESPACE = '/gateways';

type AgentEvent = keyof GatewayClientToServerEvents;
type AckData<E extends AgentEvent> = Parameters<GatewayClientToServerEvents[E]>[1] extends (
  result: Ack<infer T>,
) => void
  ? T
  : never;

const withoutReadings = (payload: unknown): unknown =>
  typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...payload, readings: undefined } : payload;

/**
 * Listen to an agent's event: validate, act, acknowledge with `{ data }` or the catalogue's
 * `{ error, message }`, as the people namespace does. Nothing an agent sends throws out of here, and
 * an event without an acknowledgement callback is ignored (the agent must know what happened).
 */
function onAgentEvent<E extends AgentEvent>(
  socket: GatewaySocket,
  deps: Pick<Deps, 'log'>,
  event: E,
  handle: (payload: unknown) => Promise<AckData<E>>,
): void {
  const listener = async (payload: unknown, ack: unknown) => {
    if (typeof ack !== 'function') return;
    const reply = ack as (answer: Ack<AckData<E>>) => void;
    try {
      // The namespace's one text check, before any handler or schema reads the payload. An upload's
      // readings are judged one by one (uploadReadings): one bad reading must not make the whole
      // batch a poison the agent retries for ever.
      refuseUnsafeText(event === 'readings:upload' ? withoutReadings(payload) : payload);
      reply({ data: await handle(payload) });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500)
        deps.log.error({ event, ...loggableError(error) }, 'gateway event failed');
      reply(failure(error));
    }
  };
  (socket.on as (ev: string, fn: (payload: unknown, ack: unknown) => void) => void)(event, (payload, ack) => {
    void listener(payload, ack);
  });
}

/**
 * The `/gateways` namespace: home gateway agents, each authenticated by its gateway token. A
 * gateway is online while any socket of it is connected to any edge (the adapter answers for all),
 * and its patient's screens hear of each change. Each socket's presence writes run in order, so a
 * quick connect-disconnect never ends "online".
 */
export function attachGatewayNamespace(io: PeopleServer, deps: Deps) {
  const gateways = io.of(GATEWAY_NAMESPACE) as unknown as GatewayNamespace;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<unknown>) => {
    const done = work.then(
      () => undefined,
      (error: unknown) => deps.log.warn({ ...loggableError(error) }, 'gateway presence update failed'),
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
    return done;
  };

  gateways.use((socket, next) => {
    const auth = gatewayHandshakeSchema.safeParse(socket.handshake.auth);
    const unsafe = unsafeTextIssues(socket.handshake.auth);
    const found =
      unsafe.length > 0
        ? Promise.reject(new AppError('validationFailed', { fields: unsafe }))
        : auth.success
          ? gatewayByToken(deps, auth.data.token)
          : Promise.reject(new AppError('tokenRequired'));
    found.then(
      (gateway) => {
        socket.data = {
          gatewayId: gateway.id,
          meta: {
            ip: socket.handshake.address,
            requestId: socket.id,
            userAgent: socket.handshake.headers['user-agent'],
          },
        };
        next();
      },
      (error: unknown) => next(Object.assign(new Error('unauthorized'), { data: failure(error) })),
    );
  });

  gateways.on('connection', (socket: GatewaySocket) => {
    const { gatewayId } = socket.data;
    const room = gatewayRooms.gateway(gatewayId);
    void socket.join(room);
    let last = track(markGatewaySeen(deps, gatewayId));

    onAgentEvent(socket, deps, 'gateway:hello', async (payload) => {
      const { info } = parseInput(gatewayHelloPayloadSchema, payload);
      last = track(last.then(() => markGatewaySeen(deps, gatewayId, info)));
      await last;
      return gatewayWork(deps, gatewayId);
    });
    onAgentEvent(socket, deps, 'gateway:heartbeat', async (payload) => {
      parseInput(gatewayHeartbeatPayloadSchema, payload);
      const seen = last.then(() => markGatewaySeen(deps, gatewayId));
      last = track(seen);
      return { at: (await seen).toISOString() };
    });
    onAgentEvent(socket, deps, 'readings:upload', async (payload) => {
      const { readings } = parseInput(readingsUploadPayloadSchema, payload);
      const outcomes = await uploadReadings(deps, socket.data.meta, gatewayId, readings);
      last = track(last.then(() => markGatewaySeen(deps, gatewayId)));
      return { outcomes };
    });
    onAgentEvent(socket, deps, 'device:state', async (payload) => {
      const state = parseInput(deviceStatePayloadSchema, payload);
      return recordDeviceState(deps, gatewayId, state);
    });
    onAgentEvent(socket, deps, 'ecg:samples', ecgRelay(io, deps, gatewayId));

    socket.on('disconnect', () => {
      last = track(
        last.then(async () => {
          // The closed socket has already left its room: any socket found is another one.
          const others = await gateways.in(room).fetchSockets();
          if (others.length === 0) await markGatewayOffline(deps, gatewayId);
        }),
      );
    });
  });

  return {
    namespace: gateways,
    /** Wait for the writes under way (the edge closes its database after). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/**
 * Every heartbeat period, gateways silent for three of them go offline (an edge that crashed could
 * not say so for its gateways). Every edge runs it; the update decides once. The timer never keeps
 * the process alive, and one failed round only waits for the next.
 */
export function startGatewaySweep(deps: Deps, everyMs = GATEWAY_HEARTBEAT_MS): StopPeriodic {
  return startPeriodic(deps, everyMs, 'gateway sweep failed', () => sweepSilentGateways(deps));
}
