/** The screen lives with its feature (features/gateways). */
export { GatewaySetupPage } from '../../features/gateways/gateway-setup-page';
