/** The screen lives with its feature (features/devices). */
export { DevicesPage } from '../../features/devices/devices-page';
