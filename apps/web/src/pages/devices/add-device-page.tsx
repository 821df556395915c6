/** The screen lives with its feature (features/devices). */
export { AddDevicePage } from '../../features/devices/add-device-page';
