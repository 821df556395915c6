import { createContext } from 'react';

export type NotificationTone = 'error' | 'success' | 'info';

export interface NotificationInput {
  /** Same id, same notification: a repeat restarts its timer instead of stacking a copy. */
  id?: string;
  message: string;
  title?: string;
  tone?: NotificationTone;
  /** Stays until closed or acted on, instead of going after a few seconds. */
  sticky?: boolean;
  /** Buttons under the message; each one's own click handler says whether it closes the notice. */
  actions?: NotificationAction[];
}

export interface NotificationAction {
  label: string;
  onClick: () => void;
  testId?: string;
}

export interface AppNotification extends Required<Omit<NotificationInput, 'title' | 'sticky' | 'actions'>> {
  title?: string;
  actions: NotificationAction[];
}

export interface NotificationsContextValue {
  notify: (notification: NotificationInput) => void;
  dismiss: (id: string) => void;
}

export const NotificationsContext = createContext<NotificationsContextValue | null>(null);
