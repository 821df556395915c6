import { Outlet } from 'react-router-dom';
import { NotFoundPage } from '../../pages/not-found-page';
import { FullPageLoader } from '../full-page-loader';
import { useNativeDevices } from '../navigation/native-devices';

/**
 * Routes below exist only where the patient's devices can be reached (the native-device condition
 * of spec §2): this browser has Web Bluetooth, or the patient has a home gateway that reads them.
 * Elsewhere they are not found, as the menu does not offer them either.
 */
export function RequireNativeDevice() {
  const native = useNativeDevices();
  if (native === 'checking') return <FullPageLoader />;
  return native ? <Outlet /> : <NotFoundPage />;
}
