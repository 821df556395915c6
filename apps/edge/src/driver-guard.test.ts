import { describe, expect, it } from 'vitest';
import { isDriverWriteAfterClose } from './driver-guard';

/** The error as the failover test's edge printed it. */
function driverError(): TypeError {
  const error = new TypeError("Cannot read properties of null (reading 'write')");
  error.stack = [
    "TypeError: Cannot read properties of null (reading 'write')",
    '    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)',
    '    at process.processImmediate (node:internal/timers:483:21)',
  ].join('\n');
  return error;
}

describe('the postgres.js write-after-close guard', () => {
  it('knows the driver’s write to a closed connection', () => {
    expect(isDriverWriteAfterClose(driverError())).toBe(true);
  });

  it('lets every other error end the process: our own null write, another TypeError, another module', () => {
    const ours = new TypeError("Cannot read properties of null (reading 'write')");
    ours.stack = `${ours.message}\n    at nextWrite (file:///app/apps/edge/src/sockets/relay.ts:10:5)`;
    const other = driverError();
    other.message = "Cannot read properties of null (reading 'end')";
    expect(isDriverWriteAfterClose(ours)).toBe(false);
    expect(isDriverWriteAfterClose(other)).toBe(false);
    expect(isDriverWriteAfterClose(new Error('boom'))).toBe(false);
    expect(isDriverWriteAfterClose("Cannot read properties of null (reading 'write')")).toBe(false);
  });
});
