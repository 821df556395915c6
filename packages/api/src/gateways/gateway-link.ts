import type { WifiConnectInput } from '@opencare/schemas/entities/gateways';
import type { GatewayServerToClientEvents, GatewayWork } from '@opencare/schemas/gateway-events';

/** The result a command's acknowledgement carries, by command name. */
export type CommandResult<K extends GatewayCommand> = Parameters<
  Parameters<GatewayServerToClientEvents[K]>[1]
>[0] extends infer A
  ? A extends { data: infer T }
    ? T
    : never
  : never;
export type GatewayCommand = 'command:scan' | 'command:wifiScan' | 'command:wifiConnect';
export type CommandPayload = {
  'command:scan': { seconds: number };
  'command:wifiScan': Record<string, never>;
  'command:wifiConnect': WifiConnectInput;
};

/**
 * How the domain reaches paired gateways. The edge implements it over the `/gateways` Socket.IO
 * namespace (domain code imports no transport); with several edges, the Redis adapter carries a
 * message to whichever edge holds the gateway's socket.
 */
export interface GatewayLink {
  /** A gateway's devices or profiles changed: send it its whole work list again. */
  workChanged(gatewayId: string, work: GatewayWork): void;
  /** A gateway was removed: tell its agent and close its socket. */
  removed(gatewayId: string): void;
  /**
   * Ask a connected gateway to do something and wait for its answer. Throws AppError
   * `gatewayNotConnected` when no agent answers in time, or the agent's own error key
   * (wifiScanFailed, wifiConnectFailed, gatewayCommandError) when it could not.
   */
  command<K extends GatewayCommand>(
    gatewayId: string,
    name: K,
    payload: CommandPayload[K],
  ): Promise<CommandResult<K>>;
}

/** Where there is no edge (scripts, the demo seeder): nothing is connected. */
export const noGateways: GatewayLink = {
  workChanged: () => undefined,
  removed: () => undefined,
  command: () => Promise.reject(new Error('No gateway link in this process.')),
};
