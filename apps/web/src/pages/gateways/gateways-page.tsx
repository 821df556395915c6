/** The screen lives with its feature (features/gateways). */
export { GatewaysPage } from '../../features/gateways/gateways-page';
