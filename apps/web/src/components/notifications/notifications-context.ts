import { createContext } from 'react';

export type NotificationTone = 'error' | 'success' | 'info';

export interface NotificationInput {
  /** Same id, same notification: a repeat restarts its timer instead of stacking a copy. */
  id?: string;
  message: string;
  title?: string;
  tone?: NotificationTone;
}

export interface AppNotification extends Required<Omit<NotificationInput, 'title'>> {
  title?: string;
}

export interface NotificationsContextValue {
  notify: (notification: NotificationInput) => void;
  dismiss: (id: string) => void;
}

export const NotificationsContext = createContext<NotificationsContextValue | null>(null);
