import type { RouteObject } from 'react-router-dom';
import { MailPage } from './mail-page';

/** /mail: physicians and nurses (spec §2); patients read their mail on home's messages tab. */
export const mailRoute: RouteObject = { path: 'mail', element: <MailPage /> };
