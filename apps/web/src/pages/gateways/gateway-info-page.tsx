/** The screen lives with its feature (features/gateways). */
export { GatewayInfoPage } from '../../features/gateways/gateway-info-page';
