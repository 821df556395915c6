import { polledCount } from '../../components/data/polled-count';
import { fetchUnreadCount } from './mail-api';

/** Unread messages of the acting account: in the navigation and on the patient's messages tab. */
const unread = polledCount(fetchUnreadCount);

/** Fetch the count now (after a thread was opened or a message sent). */
export const refreshUnreadCount = unread.refresh;
export const useUnreadCount = unread.useCount;
