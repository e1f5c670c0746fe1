import { App } from 'antd';
import { useMemo } from 'react';
import { errorMessage } from '../lib/api-error.ts';

/** Toasts last 1.5 s and notifications 4.5 s (spec section 9). */
export const TOAST_SECONDS = 1.5;
export const NOTIFICATION_SECONDS = 4.5;

/** Shows outcomes to the user: short toasts for success, notifications for failures (never only the console). */
export function useFeedback() {
  const { message, notification } = App.useApp();
  return useMemo(
    () => ({
      success: (text: string) => {
        void message.success(text, TOAST_SECONDS);
      },
      info: (text: string) => {
        void message.info(text, TOAST_SECONDS);
      },
      /** A failure as a toast: for inline actions. */
      error: (error: unknown) => {
        void message.error(errorMessage(error), TOAST_SECONDS);
      },
      /** A failure as a notification with a title: for things that need reading. */
      notifyError: (title: string, error: unknown) => {
        notification.error({ title, description: errorMessage(error), duration: NOTIFICATION_SECONDS });
      },
    }),
    [message, notification],
  );
}
