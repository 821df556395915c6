/** The screen lives with its feature (features/devices). */
export { DeviceInfoPage } from '../../features/devices/device-info-page';
