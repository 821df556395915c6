import { AppError } from '@opencare/api/errors/app-error';
import type {
  CommandPayload,
  CommandResult,
  GatewayCommand,
  GatewayLink,
} from '@opencare/api/gateways/gateway-link';
import type { ErrorKey } from '@opencare/schemas/errors';
import { COMMAND_TIMEOUT_MS } from '@opencare/schemas/gateway-events';
import { gatewayRooms, type GatewayNamespace } from './socket-types';

/** The errors an agent may answer a command with; anything else it says is a gatewayCommandError. */
const AGENT_ERRORS: ReadonlySet<string> = new Set<ErrorKey>([
  'gatewayCommandError',
  'gatewayResponseError',
  'wifiScanFailed',
  'wifiConnectFailed',
  'bluetoothUnsupported',
  'bluetoothOff',
]);

/**
 * The domain's GatewayLink over the `/gateways` namespace. Like the live channel, the deps exist
 * before the namespace does; until `attach` nothing is connected. `to(room)` reaches the gateway's
 * socket on whichever edge holds it (the Redis adapter carries the message and the acknowledgement).
 */
export function socketGatewayLink(): { link: GatewayLink; attach(namespace: GatewayNamespace): void } {
  let gateways: GatewayNamespace | null = null;

  const link: GatewayLink = {
    workChanged(gatewayId, work) {
      gateways?.to(gatewayRooms.gateway(gatewayId)).emit('work:changed', work);
    },
    removed(gatewayId) {
      const room = gatewayRooms.gateway(gatewayId);
      gateways?.to(room).emit('gateway:removed', { gatewayId });
      // Its token is already revoked, so a reconnect is refused at the handshake.
      gateways?.in(room).disconnectSockets(true);
    },
    async command<K extends GatewayCommand>(
      gatewayId: string,
      name: K,
      payload: CommandPayload[K],
    ): Promise<CommandResult<K>> {
      if (!gateways) throw new AppError('gatewayNotConnected');
      const target = gateways.to(gatewayRooms.gateway(gatewayId)).timeout(COMMAND_TIMEOUT_MS) as unknown as {
        emitWithAck(event: string, payload: unknown): Promise<unknown[]>;
      };
      let answers: unknown[];
      try {
        answers = await target.emitWithAck(name, payload);
      } catch {
        // No answer in time (an agent that is connected but stuck is as good as gone).
        throw new AppError('gatewayNotConnected');
      }
      const [answer] = answers;
      if (typeof answer !== 'object' || answer === null) throw new AppError('gatewayNotConnected');
      if ('data' in answer) return answer.data as CommandResult<K>;
      const key =
        'error' in answer && typeof answer.error === 'string' && AGENT_ERRORS.has(answer.error)
          ? (answer.error as ErrorKey)
          : 'gatewayCommandError';
      throw new AppError(key);
    },
  };

  return {
    link,
    attach(namespace) {
      gateways = namespace;
    },
  };
}
