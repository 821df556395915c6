import { polledCount } from '../../components/data/polled-count';
import { countOpenAlerts } from './alerts-api';

/** Open alerts of the acting account's organisation, beside the navigation's alerts link. */
const openAlerts = polledCount(countOpenAlerts);

/** Fetch the count now (after an alert was acknowledged). */
export const refreshOpenAlertCount = openAlerts.refresh;
export const useOpenAlertCount = openAlerts.useCount;
