import { Outlet } from 'react-router-dom';
import { NotFoundPage } from '../../pages/not-found-page';
import { hasNativeDevices } from '../navigation/nav-items';

/**
 * Routes below exist only where the browser can talk to Bluetooth devices (the native-device
 * condition of spec §2); elsewhere they are not found, as the menu does not offer them either.
 */
export function RequireNativeDevice() {
  return hasNativeDevices() ? <Outlet /> : <NotFoundPage />;
}
