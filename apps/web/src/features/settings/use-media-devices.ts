import { useCallback, useEffect, useState } from 'react';
import { mediaDevices } from './media';

export interface DeviceOption {
  deviceId: string;
  label: string;
}

/**
 * The devices of one kind, kept current as devices come and go. Browsers hide device names until
 * the page may use a microphone or camera, so `refresh` is called again once a stream is open.
 */
export function useMediaDevices(kind: MediaDeviceKind): {
  devices: DeviceOption[];
  error: unknown;
  refresh: () => Promise<void>;
} {
  const [devices, setDevices] = useState<DeviceOption[]>([]);
  const [error, setError] = useState<unknown>(null);

  const refresh = useCallback(async () => {
    try {
      const all = await mediaDevices().enumerateDevices();
      setDevices(
        all
          // Without permission some browsers list one entry with an empty id: nothing to choose.
          .filter((device) => device.kind === kind && device.deviceId !== '')
          .map((device) => ({ deviceId: device.deviceId, label: device.label })),
      );
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [kind]);

  useEffect(() => {
    void refresh();
    const devices = (navigator as Partial<Navigator>).mediaDevices;
    if (!devices) return;
    const onChange = () => void refresh();
    devices.addEventListener('devicechange', onChange);
    return () => devices.removeEventListener('devicechange', onChange);
  }, [refresh]);

  return { devices, error, refresh };
}
