/** The screen lives with its feature (features/gateways). */
export { GatewayWifiPage } from '../../features/gateways/gateway-wifi-page';
