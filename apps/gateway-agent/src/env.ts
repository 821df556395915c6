import { z } from 'zod';

/**
 * The agent's environment variables: the only place that reads process.env. Everything is an
 * optional string here; config.ts turns it into typed settings and merges it with the config file
 * and the command-line flags, so one message names a bad value whichever source it came from.
 */
const optional = z.string().trim().min(1).optional().catch(undefined);

export const envSchema = z.object({
  OPENCARE_CONFIG: optional,
  OPENCARE_EDGE_URL: optional,
  OPENCARE_DATA_DIR: optional,
  OPENCARE_TRANSPORT: optional,
  OPENCARE_STATUS_PORT: optional,
  OPENCARE_LOG_LEVEL: optional,
  OPENCARE_READ_INTERVAL_S: optional,
  OPENCARE_RECONNECT_MAX_S: optional,
  OPENCARE_MAC: optional,
  OPENCARE_DISPLAY_NAME: optional,
  OPENCARE_PUBLIC_IP: optional,
  OPENCARE_QUEUE_MAX_READINGS: optional,
  OPENCARE_QUEUE_MAX_BYTES: optional,
  /** Tests and demos only (not in --help): pre-fill the queue with this many simulated readings. */
  OPENCARE_SEED_READINGS: optional,
  /** The paired device those seeded readings claim to come from. */
  OPENCARE_SEED_DEVICE: optional,
  /** Tests and demos only: JSON {address: values} the simulator gives as each device's next reading. */
  OPENCARE_SIMULATOR_NEXT: optional,
});
export type AgentEnv = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): AgentEnv {
  return envSchema.parse(source);
}
